package dev.spotcast.query.config;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.index.RunCatalog;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one Elasticsearch client of the service, built by common's factory from {@code
 * spotcast.elasticsearch.*} alone, and the run catalog on it. Without a configured credential the
 * service does not start (the query credential, docs/security.md; {@code ./spotcast serve} passes
 * the local node's).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ElasticsearchSettings.class, QueryProperties.class})
public class ElasticsearchConfiguration {

  @Bean
  ElasticsearchClient elasticsearchClient(ElasticsearchSettings settings) {
    return ElasticsearchClients.create(settings.requireCredentials());
  }

  @Bean
  RunCatalog runCatalog(ElasticsearchClient client) {
    return new RunCatalog(client);
  }
}
