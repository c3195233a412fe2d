package dev.spotcast.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class ElasticsearchSettingsTest {

  private static final ElasticsearchSettings NODE = ElasticsearchSettings.of("https://es.example:9200");

  @Test
  void eachCredentialBecomesItsAuthorizationHeader() {
    assertThat(NODE.authorization()).isEmpty();
    // base64("elastic:changeme")
    assertThat(NODE.withBasicAuth("elastic", "changeme").authorization()).hasValue("Basic ZWxhc3RpYzpjaGFuZ2VtZQ==");
    assertThat(NODE.withApiKey("VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==").authorization())
        .hasValue("ApiKey VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==");
    assertThat(NODE.withBearerToken("AAEAAWVsYXN0aWM").authorization()).hasValue("Bearer AAEAAWVsYXN0aWM");
  }

  @Test
  void toStringNamesTheKindOfCredentialButNeverASecret() {
    ElasticsearchSettings basic = NODE.withCa(Path.of("/etc/es/ca.crt")).withBasicAuth("spotcast-ingest", "s3cret-pw");
    ElasticsearchSettings apiKey = NODE.withApiKey("a2V5LWlkOmtleS1zZWNyZXQ=");
    ElasticsearchSettings bearer = NODE.withBearerToken("token-value-42");

    assertThat(basic.toString()).contains("https://es.example:9200", "/etc/es/ca.crt", "user spotcast-ingest")
        .doesNotContain("s3cret-pw");
    assertThat(apiKey.toString()).contains("credential=api key").doesNotContain("a2V5LWlkOmtleS1zZWNyZXQ=");
    assertThat(bearer.toString()).contains("credential=bearer token").doesNotContain("token-value-42");
  }

  @Test
  void contradictionsAreRefusedWithoutEchoingTheSecret() {
    assertThatIllegalArgumentException().isThrownBy(() -> settings(null, null, null, "spotcast-ingest", null))
        .withMessage("An Elasticsearch username needs its password, and a password its username");
    assertThatIllegalArgumentException().isThrownBy(() -> settings(null, null, "the-api-key", "user", "the-password"))
        .withMessage("Set one Elasticsearch credential: an API key, a username and password, or a bearer token");
    assertThatIllegalArgumentException().isThrownBy(() -> settings(Path.of("/ca.crt"), "F0:55", null, null, null))
        .withMessage("Set either the CA file or the CA fingerprint of Elasticsearch, not both");
  }

  private static ElasticsearchSettings settings(Path ca, String fingerprint, String apiKey, String user, String pw) {
    return new ElasticsearchSettings(NODE.uris(), NODE.connectTimeout(), NODE.responseTimeout(), 8, ca, fingerprint,
        apiKey, user, pw, null);
  }

  @Test
  void springPropertiesAndTheirEnvironmentFormsBindEveryField() {
    ElasticsearchSettings bound = new Binder(new MapConfigurationPropertySource(Map.of(
        "spotcast.elasticsearch.uris", "https://a:9200,https://b:9200",
        "spotcast.elasticsearch.ca-fingerprint", "F0:55:84:E2",
        "spotcast.elasticsearch.api-key", "a2V5LWlkOmtleS1zZWNyZXQ=")))
        .bindOrCreate("spotcast.elasticsearch", ElasticsearchSettings.class);

    assertThat(bound.uris()).containsExactly(URI.create("https://a:9200"), URI.create("https://b:9200"));
    assertThat(bound.caFingerprint()).isEqualTo("F0:55:84:E2");
    assertThat(bound.apiKey()).isEqualTo("a2V5LWlkOmtleS1zZWNyZXQ=");
    assertThat(bound.ca()).isNull();
    assertThat(bound.maxConnections()).isEqualTo(64);
    assertThat(bound.usesTls()).isTrue();

    ElasticsearchSettings basic = new Binder(new MapConfigurationPropertySource(Map.of(
        "spotcast.elasticsearch.ca", "/etc/es/http_ca.crt",
        "spotcast.elasticsearch.username", "spotcast-query",
        "spotcast.elasticsearch.password", "pw")))
        .bindOrCreate("spotcast.elasticsearch", ElasticsearchSettings.class);
    assertThat(basic.ca()).isEqualTo(Path.of("/etc/es/http_ca.crt"));
    assertThat(basic.uris()).containsExactly(URI.create("http://127.0.0.1:9200"));
    assertThat(basic.credentialKind()).isEqualTo("user spotcast-query");
  }

  @Test
  void environmentVariablesBindWithUnderscoresForTheDashes() {
    Map<String, Object> environment = Map.of(
        "SPOTCAST_ELASTICSEARCH_URIS", "https://es1.example:9200",
        "SPOTCAST_ELASTICSEARCH_CA_FINGERPRINT", "F0:55:84:E2",
        "SPOTCAST_ELASTICSEARCH_API_KEY", "a2V5LWlkOmtleS1zZWNyZXQ=");
    ElasticsearchSettings bound = new Binder(ConfigurationPropertySources.from(
        new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment)))
        .bindOrCreate("spotcast.elasticsearch", ElasticsearchSettings.class);

    assertThat(bound.uris()).containsExactly(URI.create("https://es1.example:9200"));
    assertThat(bound.caFingerprint()).isEqualTo("F0:55:84:E2");
    assertThat(bound.apiKey()).isEqualTo("a2V5LWlkOmtleS1zZWNyZXQ=");
  }

  @Test
  void aMissingCaFileIsNamedInTheError() {
    assertThatIllegalArgumentException().isThrownBy(() -> NODE.withCa(Path.of("/nowhere/ca.crt")).sslContext())
        .withMessageContaining("/nowhere/ca.crt");
  }

  @Test
  void plainHttpNodesNeedNoTls() {
    assertThat(ElasticsearchSettings.of("http://127.0.0.1:9200").usesTls()).isFalse();
    assertThat(NODE.withUris(List.of(URI.create("http://a:1"), URI.create("https://b:2"))).usesTls()).isTrue();
  }
}
