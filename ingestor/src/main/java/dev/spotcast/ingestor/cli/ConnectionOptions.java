package dev.spotcast.ingestor.cli;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Where Elasticsearch is and as whom to connect, for every command that talks to it (the loading
 * commands through {@link LoadOptions}, {@code archive}), declared once as a picocli mixin.
 */
public class ConnectionOptions {

  @Option(
      names = "--es",
      defaultValue = "${env:SPOTCAST_ES_URL:-http://127.0.0.1:${env:SPOTCAST_ES_PORT:-9200}}",
      description =
          "Elasticsearch URL (default: $SPOTCAST_ES_URL, else port $SPOTCAST_ES_PORT or 9200 on "
              + "127.0.0.1; now ${DEFAULT-VALUE}).")
  public String elasticsearch;

  // Secrets have no picocli default: a default would be printed by --help. They are read from the
  // environment in elasticsearchSettings() instead, so that they need not be on a command line.
  @Option(
      names = "--es-ca",
      paramLabel = "PEM",
      description = "CA certificate of Elasticsearch's HTTPS (env SPOTCAST_ES_CA).")
  public Path elasticsearchCa;

  @Option(
      names = "--es-ca-fingerprint",
      paramLabel = "SHA256",
      description =
          "SHA-256 fingerprint of that CA, as Elasticsearch prints it (env SPOTCAST_ES_CA_FINGERPRINT).")
  public String elasticsearchCaFingerprint;

  @Option(
      names = "--es-api-key",
      paramLabel = "KEY",
      description = "API key, encoded (env SPOTCAST_ES_API_KEY).")
  public String elasticsearchApiKey;

  @Option(
      names = "--es-username",
      paramLabel = "USER",
      description = "User, with --es-password (env SPOTCAST_ES_USERNAME).")
  public String elasticsearchUsername;

  @Option(
      names = "--es-password",
      paramLabel = "PASSWORD",
      description = "Password of --es-username (env SPOTCAST_ES_PASSWORD).")
  public String elasticsearchPassword;

  @Option(
      names = "--es-bearer-token",
      paramLabel = "TOKEN",
      description = "Service-account or OAuth2 token (env SPOTCAST_ES_BEARER_TOKEN).")
  public String elasticsearchBearerToken;

  /**
   * The connection: {@code --es} and the TLS and credential options, each falling back to its
   * environment variable; with no credential at all, the local node's credential of {@code role}
   * when {@code --es} is that node ({@link LocalCredentials}).
   *
   * @throws IllegalArgumentException when the options contradict each other (two credentials, a
   *     user without password, a CA file and a fingerprint)
   */
  public ElasticsearchSettings elasticsearchSettings(LocalCredentials.Role role) {
    ElasticsearchSettings plain = ElasticsearchSettings.of(elasticsearch);
    ElasticsearchSettings settings =
        new ElasticsearchSettings(
            plain.uris(),
            plain.connectTimeout(),
            plain.responseTimeout(),
            plain.maxConnections(),
            elasticsearchCa != null
                ? elasticsearchCa
                : env("SPOTCAST_ES_CA").map(Path::of).orElse(null),
            or(elasticsearchCaFingerprint, "SPOTCAST_ES_CA_FINGERPRINT"),
            or(elasticsearchApiKey, "SPOTCAST_ES_API_KEY"),
            or(elasticsearchUsername, "SPOTCAST_ES_USERNAME"),
            or(elasticsearchPassword, "SPOTCAST_ES_PASSWORD"),
            or(elasticsearchBearerToken, "SPOTCAST_ES_BEARER_TOKEN"));
    return LocalCredentials.orLocal(settings, role);
  }

  private static String or(String option, String variable) {
    return option != null ? option : env(variable).orElse(null);
  }

  private static Optional<String> env(String variable) {
    return Optional.ofNullable(System.getenv(variable)).filter(value -> !value.isBlank());
  }
}
