package dev.spotcast.query.search;

import dev.spotcast.query.catalog.PublishedRuns;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/**
 * The document cache ({@code spotcast.query.cache.enabled}, on by default; {@code
 * spotcast.query.cache.max-memory}, the heap its documents may hold, by default a quarter of the
 * JVM's maximum heap), emptied of each run the catalog no longer serves at its next refresh.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    name = "spotcast.query.cache.enabled",
    havingValue = "true",
    matchIfMissing = true)
public class DocumentCacheConfiguration {

  private static final Logger log = LoggerFactory.getLogger(DocumentCacheConfiguration.class);

  @Bean
  DocumentCache documentCache(
      @Value("${spotcast.query.cache.max-memory:#{null}}") DataSize maxMemory,
      MeterRegistry registry,
      PublishedRuns runs) {
    long bytes = maxMemory != null ? maxMemory.toBytes() : Runtime.getRuntime().maxMemory() / 4;
    if (bytes < 0) {
      throw new IllegalArgumentException(
          "spotcast.query.cache.max-memory is negative ("
              + maxMemory
              + "); give a size such as 512MB, or 0 to keep no documents");
    }
    log.info(
        "Document cache: up to {} MiB of the heap{}",
        bytes >> 20,
        maxMemory == null ? " (a quarter of it; spotcast.query.cache.max-memory sets it)" : "");
    DocumentCache cache = new DocumentCache(bytes, registry);
    runs.onRefresh(cache::retainRuns);
    return cache;
  }
}
