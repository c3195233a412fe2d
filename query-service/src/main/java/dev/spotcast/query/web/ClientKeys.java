package dev.spotcast.query.web;

import dev.spotcast.security.ApiKeyDigests;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Client API keys of the query service, for operators who publish the API ({@code
 * spotcast.query.client-keys}): off by default and in the demo. When on, every API request (not
 * health, metrics or the API description) must present one of the keys, and each key has its own
 * rate limit. Keys are configured by their SHA-256 only, as the ingestion service's are.
 *
 * @param enabled whether requests need a key
 * @param keys the accepted keys
 */
@ConfigurationProperties("spotcast.query.client-keys")
public record ClientKeys(@DefaultValue("false") boolean enabled, @DefaultValue List<Key> keys) {

  public ClientKeys {
    keys = keys == null ? List.of() : List.copyOf(keys);
    Set<String> names = new HashSet<>();
    for (Key key : keys) {
      if (!names.add(key.name())) {
        throw new IllegalArgumentException(
            "spotcast.query.client-keys: the name '" + key.name() + "' is used twice");
      }
    }
    if (enabled && keys.isEmpty()) {
      throw new IllegalArgumentException(
          "spotcast.query.client-keys.enabled is true but no key is configured: every "
              + "request would be refused; add spotcast.query.client-keys.keys[0].name, .sha256 and .requests-per-second");
    }
  }

  /**
   * One client's key.
   *
   * @param name who holds it (a metric tag and in logs; never the key)
   * @param sha256 the key's SHA-256 in hex ({@code printf %s "$KEY" | sha256sum})
   * @param requestsPerSecond the most requests per second this key may make; more get 429
   */
  public record Key(String name, String sha256, @DefaultValue("50") int requestsPerSecond) {

    public Key {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("spotcast.query.client-keys: every key needs a 'name'");
      }
      ApiKeyDigests.parse(sha256, "spotcast.query.client-keys '" + name + "'");
      if (requestsPerSecond < 1) {
        throw new IllegalArgumentException(
            "spotcast.query.client-keys '" + name + "': requests-per-second must be >= 1");
      }
    }

    byte[] digest() {
      return ApiKeyDigests.parse(sha256, name);
    }
  }
}
