package dev.spotcast.query.search;

import dev.spotcast.query.catalog.PublishedRuns;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The document cache ({@code spotcast.query.cache.enabled}, on by default; {@code
 * spotcast.query.cache.max-documents}, 1,000,000 by default, a document of N steps counting N),
 * emptied of each run the catalog no longer serves at its next refresh.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    name = "spotcast.query.cache.enabled",
    havingValue = "true",
    matchIfMissing = true)
public class DocumentCacheConfiguration {

  @Bean
  DocumentCache documentCache(
      @Value("${spotcast.query.cache.max-documents:1000000}") long maxDocuments,
      MeterRegistry registry,
      PublishedRuns runs) {
    DocumentCache cache = new DocumentCache(maxDocuments, registry);
    runs.onRefresh(cache::retainRuns);
    return cache;
  }
}
