package dev.spotcast.elasticsearch;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where Elasticsearch is and how to talk to it.
 *
 * @param uris node URLs; requests are spread over them
 * @param connectTimeout time to open a connection
 * @param responseTimeout time to wait for an answer (bulk requests need more than searches)
 * @param maxConnections connection pool size, per node and in total
 */
@ConfigurationProperties("spotcast.elasticsearch")
public record ElasticsearchSettings(
    @DefaultValue("http://127.0.0.1:9200") List<URI> uris,
    @DefaultValue("5s") Duration connectTimeout,
    @DefaultValue("60s") Duration responseTimeout,
    @DefaultValue("64") int maxConnections) {

  public static ElasticsearchSettings of(String url) {
    return new ElasticsearchSettings(List.of(URI.create(url)), Duration.ofSeconds(5), Duration.ofSeconds(60), 64);
  }
}
