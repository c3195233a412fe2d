package dev.spotcast.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.rest5_client.Rest5ClientTransport;
import co.elastic.clients.transport.rest5_client.low_level.Rest5Client;
import co.elastic.clients.transport.rest5_client.low_level.Rest5ClientBuilder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.util.Timeout;

/**
 * The one place that builds an Elasticsearch client: REST 5 transport (Apache HttpClient 5) with a
 * pool sized for concurrent queries, TLS trusting the configured CA, the credential as a default
 * {@code Authorization} header, and a Jackson mapper that writes java.time as ISO-8601.
 */
public final class ElasticsearchClients {

  private ElasticsearchClients() {}

  public static ElasticsearchClient create(ElasticsearchSettings settings) {
    Rest5ClientBuilder builder = Rest5Client.builder(settings.uris().toArray(URI[]::new));
    if (settings.usesTls()) {
      builder.setSSLContext(settings.sslContext());
    }
    settings
        .authorization()
        .ifPresent(
            value ->
                builder.setDefaultHeaders(
                    new Header[] {new BasicHeader(HttpHeaders.AUTHORIZATION, value)}));
    Rest5Client rest =
        builder
            .setConnectionManagerCallback(
                pool ->
                    pool.setMaxConnPerRoute(settings.maxConnections())
                        .setMaxConnTotal(settings.maxConnections() * settings.uris().size()))
            .setConnectionConfigCallback(
                c ->
                    c.setConnectTimeout(
                        Timeout.of(settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)))
            .setRequestConfigCallback(
                r ->
                    r.setResponseTimeout(
                        Timeout.of(settings.responseTimeout().toMillis(), TimeUnit.MILLISECONDS)))
            .build();
    return new ElasticsearchClient(
        new Rest5ClientTransport(rest, new JacksonJsonpMapper(objectMapper())));
  }

  /** The JSON mapper Spotcast stores its own records with (run catalog, jobs). */
  public static ObjectMapper objectMapper() {
    return new ObjectMapper()
        .registerModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
  }
}
