package dev.spotcast.elasticsearch;

import co.elastic.clients.transport.TransportUtils;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where Elasticsearch is and how to talk to it: nodes, timeouts, pool, which certificate authority
 * to trust over HTTPS and which credential to send.
 *
 * <p>Elasticsearch 8 and 9 start with HTTPS under their own CA and require authentication: point
 * {@code uris} at {@code https://...}, name the CA by its PEM file ({@code ca}) or by the SHA-256
 * fingerprint the node printed at first start ({@code ca-fingerprint}; neither: the JVM's trust
 * store, for publicly signed certificates), and give one credential: an {@code api-key} (the
 * encoded form the create-API-key call returns), a {@code username} and {@code password}, or a
 * {@code bearer-token} (service-account or OAuth token). {@link #toString()} never prints a secret.
 *
 * @param uris node URLs; requests are spread over them
 * @param connectTimeout time to open a connection
 * @param responseTimeout time to wait for an answer (bulk requests need more than searches)
 * @param maxConnections connection pool size, per node and in total
 * @param ca PEM file of the certificate authority that signed the nodes' HTTP certificates
 * @param caFingerprint SHA-256 fingerprint of that CA certificate, hex with or without colons
 * @param apiKey API key in its encoded form (base64 of {@code id:key}), sent as {@code ApiKey ...}
 * @param username user of the native or file realm, with {@code password}
 * @param password that user's password
 * @param bearerToken service-account or OAuth2 token, sent as {@code Bearer ...}
 */
@ConfigurationProperties(ElasticsearchSettings.PREFIX)
public record ElasticsearchSettings(
    @DefaultValue("http://127.0.0.1:9200") List<URI> uris,
    @DefaultValue("5s") Duration connectTimeout,
    @DefaultValue("60s") Duration responseTimeout,
    @DefaultValue("64") int maxConnections,
    Path ca,
    String caFingerprint,
    String apiKey,
    String username,
    String password,
    String bearerToken) {

  /** Where these settings live in a service's configuration. */
  public static final String PREFIX = "spotcast.elasticsearch";

  public ElasticsearchSettings {
    uris = List.copyOf(uris);
    caFingerprint = blankToNull(caFingerprint);
    apiKey = blankToNull(apiKey);
    username = blankToNull(username);
    password = blankToNull(password);
    bearerToken = blankToNull(bearerToken);
    if (ca != null && caFingerprint != null) {
      throw new IllegalArgumentException(
          "Set either the CA file or the CA fingerprint of Elasticsearch, not both");
    }
    int credentials =
        (apiKey != null ? 1 : 0) + (username != null ? 1 : 0) + (bearerToken != null ? 1 : 0);
    if (credentials > 1) {
      throw new IllegalArgumentException(
          "Set one Elasticsearch credential: an API key, a username and password, or a bearer token");
    }
    if ((username == null) != (password == null)) {
      throw new IllegalArgumentException(
          "An Elasticsearch username needs its password, and a password its username");
    }
  }

  /** An anonymous connection to {@code url} with the default timeouts and pool. */
  public static ElasticsearchSettings of(String url) {
    return new ElasticsearchSettings(
        List.of(URI.create(url)),
        Duration.ofSeconds(5),
        Duration.ofSeconds(60),
        64,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  /** These settings with other node URLs. */
  public ElasticsearchSettings withUris(List<URI> newUris) {
    return new ElasticsearchSettings(
        newUris,
        connectTimeout,
        responseTimeout,
        maxConnections,
        ca,
        caFingerprint,
        apiKey,
        username,
        password,
        bearerToken);
  }

  /** These settings with another connect timeout. */
  public ElasticsearchSettings withConnectTimeout(Duration timeout) {
    return new ElasticsearchSettings(
        uris,
        timeout,
        responseTimeout,
        maxConnections,
        ca,
        caFingerprint,
        apiKey,
        username,
        password,
        bearerToken);
  }

  /** These settings trusting the CA in {@code caFile} (PEM), or the JVM's trust store when null. */
  public ElasticsearchSettings withCa(Path caFile) {
    return new ElasticsearchSettings(
        uris,
        connectTimeout,
        responseTimeout,
        maxConnections,
        caFile,
        null,
        apiKey,
        username,
        password,
        bearerToken);
  }

  /** These settings trusting the CA whose SHA-256 fingerprint is {@code fingerprint}. */
  public ElasticsearchSettings withCaFingerprint(String fingerprint) {
    return new ElasticsearchSettings(
        uris,
        connectTimeout,
        responseTimeout,
        maxConnections,
        null,
        fingerprint,
        apiKey,
        username,
        password,
        bearerToken);
  }

  /**
   * These settings authenticating with the encoded API key {@code key}, instead of any other
   * credential.
   */
  public ElasticsearchSettings withApiKey(String key) {
    return new ElasticsearchSettings(
        uris,
        connectTimeout,
        responseTimeout,
        maxConnections,
        ca,
        caFingerprint,
        key,
        null,
        null,
        null);
  }

  /**
   * These settings authenticating as {@code user} with {@code secret}, instead of any other
   * credential.
   */
  public ElasticsearchSettings withBasicAuth(String user, String secret) {
    return new ElasticsearchSettings(
        uris,
        connectTimeout,
        responseTimeout,
        maxConnections,
        ca,
        caFingerprint,
        null,
        user,
        secret,
        null);
  }

  /**
   * These settings authenticating with the bearer {@code token}, instead of any other credential.
   */
  public ElasticsearchSettings withBearerToken(String token) {
    return new ElasticsearchSettings(
        uris,
        connectTimeout,
        responseTimeout,
        maxConnections,
        ca,
        caFingerprint,
        null,
        null,
        null,
        token);
  }

  /**
   * These settings with no credential (anonymous requests), e.g. to show that the cluster refuses
   * them.
   */
  public ElasticsearchSettings withoutCredentials() {
    return new ElasticsearchSettings(
        uris,
        connectTimeout,
        responseTimeout,
        maxConnections,
        ca,
        caFingerprint,
        null,
        null,
        null,
        null);
  }

  /** Whether a credential is set (API key, user and password, or bearer token). */
  public boolean hasCredentials() {
    return apiKey != null || username != null || bearerToken != null;
  }

  /**
   * These settings, which a service must not start without a credential (it never connects
   * anonymously: a secured cluster would refuse every request, an open one lets anyone write).
   *
   * @throws MissingCredentialException when no credential is set, naming the properties to set
   */
  public ElasticsearchSettings requireCredentials() {
    if (!hasCredentials()) {
      throw new MissingCredentialException(uris);
    }
    return this;
  }

  /**
   * Where the nodes are and as whom to connect, as the {@code spotcast.elasticsearch.*} properties
   * of a service: {@code uris} (comma-separated), the CA file or fingerprint and the credential,
   * each when set. Not the timeouts and the pool, which each service tunes for itself.
   */
  public Map<String, String> springProperties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(
        PREFIX + ".uris", uris.stream().map(URI::toString).collect(Collectors.joining(",")));
    putIfSet(properties, "ca", ca == null ? null : ca.toAbsolutePath().toString());
    putIfSet(properties, "ca-fingerprint", caFingerprint);
    putIfSet(properties, "api-key", apiKey);
    putIfSet(properties, "username", username);
    putIfSet(properties, "password", password);
    putIfSet(properties, "bearer-token", bearerToken);
    return properties;
  }

  /**
   * {@link #springProperties()} as the environment variables a service binds them from ({@code
   * SPOTCAST_ELASTICSEARCH_URIS}, {@code SPOTCAST_ELASTICSEARCH_API_KEY}, ...): how a secret
   * reaches a service process without showing on its command line ({@code /proc/PID/environ} is
   * readable by its owner only).
   */
  public Map<String, String> springEnvironment() {
    Map<String, String> environment = new LinkedHashMap<>();
    springProperties()
        .forEach(
            (key, value) ->
                environment.put(
                    key.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT), value));
    return environment;
  }

  private static void putIfSet(Map<String, String> properties, String name, String value) {
    if (value != null) {
      properties.put(PREFIX + "." + name, value);
    }
  }

  /**
   * The value of the {@code Authorization} header every request carries, if a credential is set.
   */
  public Optional<String> authorization() {
    if (apiKey != null) {
      return Optional.of("ApiKey " + apiKey);
    }
    if (bearerToken != null) {
      return Optional.of("Bearer " + bearerToken);
    }
    if (username != null) {
      return Optional.of(
          "Basic "
              + Base64.getEncoder()
                  .encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }
    return Optional.empty();
  }

  /**
   * The TLS context for {@code https} nodes: trusting the configured CA (file or fingerprint, with
   * elasticsearch-java's helpers), else the JVM's default trust store.
   */
  public SSLContext sslContext() {
    try {
      if (ca != null) {
        if (!Files.isReadable(ca)) {
          throw new IllegalArgumentException(
              "The Elasticsearch CA certificate " + ca + " is not a readable file");
        }
        return TransportUtils.sslContextFromHttpCaCrt(ca.toFile());
      }
      if (caFingerprint != null) {
        // Elasticsearch prints it with colons (AA:BB:...); the helper wants plain hex.
        return TransportUtils.sslContextFromCaFingerprint(caFingerprint.replace(":", ""));
      }
      return SSLContext.getDefault();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the Elasticsearch CA certificate " + ca, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The SHA-256 fingerprint of the certificate in {@code pemFile}, colon-separated upper-case hex
   * as Elasticsearch prints its CA's at first start: what {@code ca-fingerprint} takes.
   */
  public static String sha256Fingerprint(Path pemFile) {
    try (InputStream in = Files.newInputStream(pemFile)) {
      byte[] der = CertificateFactory.getInstance("X.509").generateCertificate(in).getEncoded();
      return HexFormat.ofDelimiter(":")
          .withUpperCase()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(der));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the certificate " + pemFile, e);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("Not a PEM certificate: " + pemFile, e);
    }
  }

  /** Whether any node is reached over HTTPS. */
  public boolean usesTls() {
    return uris.stream().anyMatch(uri -> "https".equalsIgnoreCase(uri.getScheme()));
  }

  /** Names the nodes, the trust and the kind of credential, never a secret. */
  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    parts.add("uris=" + uris);
    parts.add("connectTimeout=" + connectTimeout);
    parts.add("responseTimeout=" + responseTimeout);
    parts.add("maxConnections=" + maxConnections);
    if (ca != null) {
      parts.add("ca=" + ca);
    }
    if (caFingerprint != null) {
      parts.add("caFingerprint=" + caFingerprint);
    }
    parts.add("credential=" + credentialKind());
    return "ElasticsearchSettings[" + String.join(", ", parts) + "]";
  }

  /**
   * "api key", "user NAME", "bearer token" or "none": what a log line may say about the credential.
   */
  public String credentialKind() {
    if (apiKey != null) {
      return "api key";
    }
    if (username != null) {
      return "user " + username;
    }
    if (bearerToken != null) {
      return "bearer token";
    }
    return "none";
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
