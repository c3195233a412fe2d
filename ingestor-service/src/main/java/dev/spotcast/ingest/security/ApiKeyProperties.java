package dev.spotcast.ingest.security;

import dev.spotcast.security.ApiKeyDigests;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The API keys the ingestion service accepts. Only the SHA-256 of each key is configured, so a
 * leaked configuration does not leak a usable key; keys are long random strings, for which a fast
 * unsalted hash is enough (nothing to guess by brute force). Several keys may hold the same roles:
 * rotating a key means adding the new one, moving clients to it, then removing the old one. Without
 * any key every request to the API is refused.
 *
 * @param apiKeys the accepted keys
 */
@ConfigurationProperties("spotcast.security")
public record ApiKeyProperties(@DefaultValue List<ApiKey> apiKeys) {

  public ApiKeyProperties {
    apiKeys = apiKeys == null ? List.of() : List.copyOf(apiKeys);
    Set<String> names = new HashSet<>();
    Set<String> hashes = new HashSet<>();
    for (ApiKey key : apiKeys) {
      if (!names.add(key.name())) {
        throw new IllegalArgumentException(
            "spotcast.security.api-keys: the name '" + key.name() + "' is used twice");
      }
      if (!hashes.add(key.sha256())) {
        throw new IllegalArgumentException(
            "spotcast.security.api-keys: '"
                + key.name()
                + "' has the same sha256 as "
                + "another key");
      }
    }
  }

  /**
   * One accepted key.
   *
   * @param name who holds the key (shown in logs, never the key itself)
   * @param sha256 the key's SHA-256, 64 hex digits ({@code printf %s "$KEY" | sha256sum})
   * @param roles {@code ingest:submit}, {@code ingest:read} or both
   */
  public record ApiKey(String name, String sha256, List<String> roles) {

    public ApiKey {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("spotcast.security.api-keys: every key needs a 'name'");
      }
      ApiKeyDigests.parse(sha256, "spotcast.security.api-keys '" + name + "'");
      sha256 = sha256.toLowerCase(Locale.ROOT);
      if (roles == null || roles.isEmpty()) {
        throw new IllegalArgumentException(
            "spotcast.security.api-keys '" + name + "': give its 'roles'");
      }
      try {
        roles.forEach(ApiRole::of);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "spotcast.security.api-keys '" + name + "': " + e.getMessage(), e);
      }
      roles = List.copyOf(roles);
    }

    byte[] digest() {
      return ApiKeyDigests.parse(sha256, name);
    }
  }
}
