package dev.spotcast.query.search;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The document cache's settings ({@code spotcast.query.cache}). Spring Boot binds them, so a value
 * it cannot take stops the start with one report that names the setting, the value and, for the
 * admission, the valid choices.
 *
 * @param maxMemory the memory the cache's documents may hold; none for a quarter of the JVM's
 *     maximum heap, 0 to keep no documents
 * @param admission which documents a request's read keeps: {@code first-read} (all of them), {@code
 *     read-again} (those read lately already) or {@code read-again-when-full} (all of them while
 *     the cache has room, then those read lately already; the default)
 */
@ConfigurationProperties("spotcast.query.cache")
public record DocumentCacheProperties(
    DataSize maxMemory, @DefaultValue("read-again-when-full") DocumentCache.Admission admission) {

  /** Refuses a negative size, saying what to give instead. */
  public DocumentCacheProperties {
    if (maxMemory != null && maxMemory.isNegative()) {
      throw new IllegalArgumentException(
          "spotcast.query.cache.max-memory is negative ("
              + maxMemory
              + "); give a size such as 512MB, or 0 to keep no documents");
    }
  }

  /** The cache's size in bytes: the one set, or a quarter of the JVM's maximum heap. */
  long bytes() {
    return maxMemory != null ? maxMemory.toBytes() : Runtime.getRuntime().maxMemory() / 4;
  }
}
