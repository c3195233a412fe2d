package dev.spotcast.ingest.config;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.ingest.job.DataRoots;
import dev.spotcast.ingest.job.JobSources;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.settings.ArchiveProperties;
import dev.spotcast.ingest.settings.FeedProperties;
import dev.spotcast.ingest.settings.FileProperties;
import dev.spotcast.ingest.settings.JobProperties;
import dev.spotcast.ingest.settings.KafkaTopics;
import dev.spotcast.ingest.settings.ScheduleProperties;
import dev.spotcast.ingest.settings.SyntheticLimits;
import dev.spotcast.ingest.settings.YieldProperties;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.lifecycle.AfterPublish;
import dev.spotcast.ingestor.lifecycle.RunLifecycle;
import dev.spotcast.model.ShardingSpec;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The service's one Elasticsearch client (built by common's factory from {@code
 * spotcast.elasticsearch.*} alone; without a configured credential the service does not start: the
 * ingest credential, docs/security.md, which {@code ./spotcast ingest-service} passes for the local
 * node), the job store on it, and the settings shared with the CLI loader: {@code
 * spotcast.ingest.*} (bulk sizes, retries, replicas), {@code spotcast.ingest.lifecycle.*}
 * (force-merge, keep-runs after publishing) and {@code spotcast.sharding.*}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({
  ElasticsearchSettings.class,
  LoaderSettings.class,
  AfterPublish.class,
  ShardingSpec.class,
  JobProperties.class,
  KafkaTopics.class,
  ScheduleProperties.class,
  FeedProperties.class,
  FeedProperties.Poll.class,
  FileProperties.class,
  SyntheticLimits.class,
  ArchiveProperties.class,
  YieldProperties.class
})
public class ServiceConfiguration {

  @Bean(destroyMethod = "close")
  ElasticsearchClient elasticsearchClient(ElasticsearchSettings settings) {
    return ElasticsearchClients.create(settings.requireCredentials());
  }

  /** The run lifecycle the CLI loader uses too: begin, count, publish or fail, retire, merge. */
  @Bean
  RunLifecycle runLifecycle(
      ElasticsearchClient client, LoaderSettings loaderSettings, AfterPublish afterPublish) {
    return new RunLifecycle(client, loaderSettings, afterPublish);
  }

  @Bean
  JobStore jobStore(ElasticsearchClient client) {
    return new JobStore(client);
  }

  /** The folders file jobs may read: the configured roots and the inbox of the daily scan. */
  @Bean
  DataRoots dataRoots(FileProperties files, ScheduleProperties schedule) {
    List<Path> roots = new ArrayList<>(files.roots());
    if (schedule.inbox() != null) {
      roots.add(schedule.inbox());
    }
    return new DataRoots(roots, files.maxFiles());
  }

  @Bean
  JobSources jobSources(DataRoots roots, SyntheticLimits limits) {
    return new JobSources(roots, limits);
  }

  /** Messages on the topics are written and read with Spotcast's mapper (ISO-8601 times). */
  @Bean
  ObjectMapper spotcastJson() {
    return ElasticsearchClients.objectMapper();
  }

  /** The API description, with its API key, so that Swagger UI's "Authorize" sends it. */
  @Bean
  OpenAPI ingestorOpenApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("Spotcast ingestor service")
                .version("v1")
                .description(
                    "Ingestion jobs: POST a run to load, follow its progress, cancel it; archived runs: list"
                        + " them, restore one. Every call needs an API key (X-API-Key or 'Authorization: ApiKey"
                        + " <key>'): ingest:submit to start and cancel jobs and to restore runs, ingest:read to read"
                        + " them. Errors are RFC 9457 problem+json."))
        .components(
            new Components()
                .addSecuritySchemes(
                    "apiKey",
                    new SecurityScheme()
                        .type(SecurityScheme.Type.APIKEY)
                        .in(SecurityScheme.In.HEADER)
                        .name("X-API-Key")))
        .addSecurityItem(new SecurityRequirement().addList("apiKey"));
  }
}
