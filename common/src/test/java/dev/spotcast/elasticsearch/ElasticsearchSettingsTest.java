package dev.spotcast.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class ElasticsearchSettingsTest {

  private static final ElasticsearchSettings NODE =
      ElasticsearchSettings.of("https://es.example:9200");

  /**
   * Made with openssl req -x509; its fingerprint as printed by openssl x509 -noout -fingerprint
   * -sha256.
   */
  private static final String CERTIFICATE =
      ""
          + "-----BEGIN CERTIFICATE-----\n"
          + "MIICEjCCAXugAwIBAgIUO3QqlOB6DNjbG3CAmt/QBZYGDI4wDQYJKoZIhvcNAQEL\n"
          + "BQAwGzEZMBcGA1UEAwwQc3BvdGNhc3QtdGVzdC1jYTAeFw0yNjExMjMyMzU2NDBa\n"
          + "Fw0zNjExMjAyMzU2NDBaMBsxGTAXBgNVBAMMEHNwb3RjYXN0LXRlc3QtY2EwgZ8w\n"
          + "DQYJKoZIhvcNAQEBBQADgY0AMIGJAoGBAN9ddqLuDo5ZXt8wqOrvQAjmSF/W30Dm\n"
          + "SXntHu0ZJgn7AFesFW0d62ZlE/5FchlA0hZxOQ9qkHTOlCxPbwQpOPP66DIGiQ8m\n"
          + "jzXEBTusOD4HBcjneBp6MXeuoErjzVJKxMivZIAWMhBRoJ9uV5F79jJwBSBb/nW2\n"
          + "wwkLqDdSFD1jAgMBAAGjUzBRMB0GA1UdDgQWBBRM/HTpZg1QAJeMbksROPOVFBj1\n"
          + "7jAfBgNVHSMEGDAWgBRM/HTpZg1QAJeMbksROPOVFBj17jAPBgNVHRMBAf8EBTAD\n"
          + "AQH/MA0GCSqGSIb3DQEBCwUAA4GBALCefKM7VFhJz3fR8shzcqQ/rKF/sASA3JRi\n"
          + "DaAYVbqzcAjLkFtDdfwGl9fqf/NaRgcmITzNiwoGMHw8oakouTJ0sLJlhcdrdZgx\n"
          + "T6j1iSRFkXpj4bJhMB2Os/B4VleTNGvGsmvThH92C/IJJH/IsmJixi/d5OMPByIJ\n"
          + "/lO6tXgQ\n"
          + "-----END CERTIFICATE-----\n";

  private static final String CERTIFICATE_SHA256 =
      "FB:98:6F:D5:A4:85:33:D4:B0:A6:C2:C8:AE:C7:A7:30:AB:4E:A2:7D:8B:46:61:8F:7F:2E:F9:D7:7E:58:93:46";

  @Test
  void eachCredentialBecomesItsAuthorizationHeader() {
    assertThat(NODE.authorization()).isEmpty();
    // base64("elastic:changeme")
    assertThat(NODE.withBasicAuth("elastic", "changeme").authorization())
        .hasValue("Basic ZWxhc3RpYzpjaGFuZ2VtZQ==");
    assertThat(
            NODE.withApiKey("VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==")
                .authorization())
        .hasValue("ApiKey VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==");
    assertThat(NODE.withBearerToken("AAEAAWVsYXN0aWM").authorization())
        .hasValue("Bearer AAEAAWVsYXN0aWM");
  }

  @Test
  void toStringNamesTheKindOfCredentialButNeverASecret() {
    ElasticsearchSettings basic =
        NODE.withCa(Path.of("/etc/es/ca.crt")).withBasicAuth("spotcast-ingest", "s3cret-pw");
    ElasticsearchSettings apiKey = NODE.withApiKey("a2V5LWlkOmtleS1zZWNyZXQ=");
    ElasticsearchSettings bearer = NODE.withBearerToken("token-value-42");

    assertThat(basic.toString())
        .contains("https://es.example:9200", "/etc/es/ca.crt", "user spotcast-ingest")
        .doesNotContain("s3cret-pw");
    assertThat(apiKey.toString())
        .contains("credential=api key")
        .doesNotContain("a2V5LWlkOmtleS1zZWNyZXQ=");
    assertThat(bearer.toString())
        .contains("credential=bearer token")
        .doesNotContain("token-value-42");
  }

  @Test
  void contradictionsAreRefusedWithoutEchoingTheSecret() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> settings(null, null, null, "spotcast-ingest", null))
        .withMessage("An Elasticsearch username needs its password, and a password its username");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> settings(null, null, "the-api-key", "user", "the-password"))
        .withMessage(
            "Set one Elasticsearch credential: an API key, a username and password, or a bearer token");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> settings(Path.of("/ca.crt"), "F0:55", null, null, null))
        .withMessage("Set either the CA file or the CA fingerprint of Elasticsearch, not both");
  }

  private static ElasticsearchSettings settings(
      Path ca, String fingerprint, String apiKey, String user, String pw) {
    return new ElasticsearchSettings(
        NODE.uris(),
        NODE.connectTimeout(),
        NODE.responseTimeout(),
        8,
        ca,
        fingerprint,
        apiKey,
        user,
        pw,
        null);
  }

  @Test
  void springPropertiesAndTheirEnvironmentFormsBindEveryField() {
    ElasticsearchSettings bound =
        new Binder(
                new MapConfigurationPropertySource(
                    Map.of(
                        "spotcast.elasticsearch.uris", "https://a:9200,https://b:9200",
                        "spotcast.elasticsearch.ca-fingerprint", "F0:55:84:E2",
                        "spotcast.elasticsearch.api-key", "a2V5LWlkOmtleS1zZWNyZXQ=")))
            .bindOrCreate("spotcast.elasticsearch", ElasticsearchSettings.class);

    assertThat(bound.uris())
        .containsExactly(URI.create("https://a:9200"), URI.create("https://b:9200"));
    assertThat(bound.caFingerprint()).isEqualTo("F0:55:84:E2");
    assertThat(bound.apiKey()).isEqualTo("a2V5LWlkOmtleS1zZWNyZXQ=");
    assertThat(bound.ca()).isNull();
    assertThat(bound.maxConnections()).isEqualTo(64);
    assertThat(bound.usesTls()).isTrue();

    ElasticsearchSettings basic =
        new Binder(
                new MapConfigurationPropertySource(
                    Map.of(
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
    Map<String, Object> environment =
        Map.of(
            "SPOTCAST_ELASTICSEARCH_URIS", "https://es1.example:9200",
            "SPOTCAST_ELASTICSEARCH_CA_FINGERPRINT", "F0:55:84:E2",
            "SPOTCAST_ELASTICSEARCH_API_KEY", "a2V5LWlkOmtleS1zZWNyZXQ=");
    ElasticsearchSettings bound =
        new Binder(
                ConfigurationPropertySources.from(
                    new SystemEnvironmentPropertySource(
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment)))
            .bindOrCreate("spotcast.elasticsearch", ElasticsearchSettings.class);

    assertThat(bound.uris()).containsExactly(URI.create("https://es1.example:9200"));
    assertThat(bound.caFingerprint()).isEqualTo("F0:55:84:E2");
    assertThat(bound.apiKey()).isEqualTo("a2V5LWlkOmtleS1zZWNyZXQ=");
  }

  /**
   * What a launcher hands a service (environment or properties) binds back to the same connection.
   */
  @Test
  void theSettingsAsPropertiesOrEnvironmentBindBackToThemselves() {
    ElasticsearchSettings[] connections = {
      ElasticsearchSettings.of("https://a:9200")
          .withUris(List.of(URI.create("https://a:9200"), URI.create("https://b:9200")))
          .withCa(Path.of("/etc/es/http_ca.crt"))
          .withBasicAuth("spotcast-query", "p=w:#!"),
      NODE.withCaFingerprint("F0:55:84:E2").withApiKey("a2V5LWlkOmtleS1zZWNyZXQ="),
      NODE.withBearerToken("token")
    };
    for (ElasticsearchSettings connection : connections) {
      ElasticsearchSettings fromProperties =
          new Binder(new MapConfigurationPropertySource(connection.springProperties()))
              .bindOrCreate(ElasticsearchSettings.PREFIX, ElasticsearchSettings.class);
      ElasticsearchSettings fromEnvironment =
          new Binder(
                  ConfigurationPropertySources.from(
                      new SystemEnvironmentPropertySource(
                          StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                          Map.copyOf(connection.springEnvironment()))))
              .bindOrCreate(ElasticsearchSettings.PREFIX, ElasticsearchSettings.class);
      assertThat(fromProperties).usingRecursiveComparison().isEqualTo(connection);
      assertThat(fromEnvironment).usingRecursiveComparison().isEqualTo(connection);
    }
    assertThat(connections[1].springEnvironment())
        .containsOnlyKeys(
            "SPOTCAST_ELASTICSEARCH_URIS",
            "SPOTCAST_ELASTICSEARCH_CA_FINGERPRINT",
            "SPOTCAST_ELASTICSEARCH_API_KEY");
  }

  @Test
  void aServiceRequiresACredentialAndIsToldWhichPropertiesToSet() {
    assertThat(NODE.withApiKey("key").requireCredentials().apiKey()).isEqualTo("key");
    assertThatThrownBy(NODE::requireCredentials)
        .isInstanceOfSatisfying(
            MissingCredentialException.class, e -> assertThat(e.uris()).isEqualTo(NODE.uris()));

    FailureAnalysis analysis =
        new MissingCredentialFailureAnalyzer()
            .analyze(
                new IllegalStateException(
                    "bean creation", new MissingCredentialException(NODE.uris())));
    assertThat(analysis).isNotNull();
    assertThat(analysis.getDescription()).contains("https://es.example:9200").doesNotContain("\n");
    assertThat(analysis.getAction())
        .isEqualTo(
            "Set spotcast.elasticsearch.api-key, or spotcast.elasticsearch.username"
                + " and .password, or spotcast.elasticsearch.bearer-token (environment: SPOTCAST_ELASTICSEARCH_API_KEY, ...).");
  }

  @Test
  void aMissingCaFileIsNamedInTheError() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> NODE.withCa(Path.of("/nowhere/ca.crt")).sslContext())
        .withMessageContaining("/nowhere/ca.crt");
  }

  @Test
  void theFingerprintIsTheSha256OfTheCertificateAsElasticsearchPrintsIt() throws Exception {
    // A self-signed certificate whose SHA-256 (openssl x509 -fingerprint -sha256) is known.
    Path pem = Files.createTempFile("ca", ".crt");
    try {
      Files.writeString(pem, CERTIFICATE);
      assertThat(ElasticsearchSettings.sha256Fingerprint(pem)).isEqualTo(CERTIFICATE_SHA256);
    } finally {
      Files.delete(pem);
    }
  }

  @Test
  void plainHttpNodesNeedNoTls() {
    assertThat(ElasticsearchSettings.of("http://127.0.0.1:9200").usesTls()).isFalse();
    assertThat(
            NODE.withUris(List.of(URI.create("http://a:1"), URI.create("https://b:2"))).usesTls())
        .isTrue();
  }
}
