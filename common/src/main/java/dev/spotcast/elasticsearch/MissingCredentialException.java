package dev.spotcast.elasticsearch;

import java.net.URI;
import java.util.List;

/**
 * A service was configured without an Elasticsearch credential ({@link
 * ElasticsearchSettings#requireCredentials()}); {@link MissingCredentialFailureAnalyzer} reports it
 * at startup as the properties to set, without a stack trace.
 */
public final class MissingCredentialException extends IllegalStateException {

  /** What a service needs, in the words of its configuration (docs/security.md has the table). */
  public static final String PROPERTIES =
      ElasticsearchSettings.PREFIX
          + ".api-key, or "
          + ElasticsearchSettings.PREFIX
          + ".username and .password, or "
          + ElasticsearchSettings.PREFIX
          + ".bearer-token (environment: SPOTCAST_ELASTICSEARCH_API_KEY, ...)";

  private final List<URI> uris;

  public MissingCredentialException(List<URI> uris) {
    super("No Elasticsearch credential for " + uris + ": set " + PROPERTIES);
    this.uris = List.copyOf(uris);
  }

  /** The nodes the service was to connect to. */
  public List<URI> uris() {
    return uris;
  }
}
