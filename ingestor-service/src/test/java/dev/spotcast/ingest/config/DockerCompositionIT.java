package dev.spotcast.ingest.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.ingest.security.ApiKeyProperties;
import dev.spotcast.ingest.settings.FileProperties;
import dev.spotcast.ingest.settings.JobProperties;
import dev.spotcast.ingest.settings.KafkaTopics;
import dev.spotcast.ingest.settings.YieldProperties;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.testsupport.DockerComposition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.kafka.KafkaProperties;

/**
 * The ingestion services' part of docker/compose.yaml binds to the service's configuration, and its
 * image copies what the build made. (The ingestion dashboard's metrics are checked against a
 * running instance in {@link RestIngestionIT}.)
 */
class DockerCompositionIT {

  @Test
  void theIngestionServicesGetOnlySettingsTheyTake() throws Exception {
    for (String service : List.of("ingest-1", "ingest-2")) {
      assertThat(
              DockerComposition.unbound(
                  DockerComposition.environment(service, DockerComposition.EXAMPLE_VARIABLES),
                  Map.of(
                      "spotcast.elasticsearch", ElasticsearchSettings.class,
                      "spotcast.security", ApiKeyProperties.class,
                      "spotcast.kafka", KafkaTopics.class,
                      "spotcast.ingest", LoaderSettings.class,
                      "spotcast.ingest.yield", YieldProperties.class,
                      "spotcast.files", FileProperties.class,
                      "spotcast.jobs", JobProperties.class,
                      "spotcast.sharding", ShardingSpec.class,
                      "spring.kafka", KafkaProperties.class),
                  Set.of("SPRING_CONFIG_IMPORT")))
          .as(service)
          .isEmpty();
    }
  }

  @Test
  void aMistypedVariableIsFound() throws Exception {
    Map<String, String> environment =
        new LinkedHashMap<>(
            DockerComposition.environment("ingest-1", DockerComposition.EXAMPLE_VARIABLES));
    environment.put("SPOTCAST_JOBS_STALEAFTERR", "30s");
    environment.put("SPOTCAST_NOTHING_HERE", "1");
    assertThat(
            DockerComposition.unbound(
                environment,
                Map.of(
                    "spotcast.elasticsearch",
                    ElasticsearchSettings.class,
                    "spotcast.security",
                    ApiKeyProperties.class,
                    "spotcast.kafka",
                    KafkaTopics.class,
                    "spotcast.ingest",
                    LoaderSettings.class,
                    "spotcast.files",
                    FileProperties.class,
                    "spotcast.jobs",
                    JobProperties.class,
                    "spring.kafka",
                    KafkaProperties.class),
                Set.of("SPRING_CONFIG_IMPORT")))
        .anySatisfy(problem -> assertThat(problem).startsWith("spotcast.jobs:"))
        .anySatisfy(problem -> assertThat(problem).startsWith("SPOTCAST_NOTHING_HERE"));
  }

  @Test
  void theImageCopiesWhatTheBuildMade() throws Exception {
    assertThat(DockerComposition.missingCopySources("docker/ingestor-service.Dockerfile"))
        .isEmpty();
  }
}
