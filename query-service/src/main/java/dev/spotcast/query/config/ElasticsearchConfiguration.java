package dev.spotcast.query.config;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.index.RunCatalog;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one Elasticsearch client of the service, built by common's factory from {@code
 * spotcast.elasticsearch.*} (with no credential configured, the local node's query credential
 * when the URL is that node: {@link LocalCredentials}), and the run catalog on it.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ElasticsearchSettings.class, QueryProperties.class})
public class ElasticsearchConfiguration {

  @Bean
  ElasticsearchClient elasticsearchClient(ElasticsearchSettings settings) {
    return ElasticsearchClients.create(LocalCredentials.orLocal(settings, LocalCredentials.Role.QUERY));
  }

  @Bean
  RunCatalog runCatalog(ElasticsearchClient client) {
    return new RunCatalog(client);
  }
}
