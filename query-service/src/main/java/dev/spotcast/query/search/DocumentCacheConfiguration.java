package dev.spotcast.query.search;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.spotcast.query.catalog.PublishedRuns;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The document cache ({@code spotcast.query.cache.enabled}, on by default; {@code
 * spotcast.query.cache.max-memory}, the memory its documents may hold, by default a quarter of the
 * JVM's maximum heap; the numbers of blocks of steps are held off the heap, within the JVM's {@code
 * -XX:MaxDirectMemorySize}), emptied of each run the catalog no longer serves at its next refresh.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    name = "spotcast.query.cache.enabled",
    havingValue = "true",
    matchIfMissing = true)
@EnableConfigurationProperties(DocumentCacheProperties.class)
public class DocumentCacheConfiguration {

  private static final Logger log = LoggerFactory.getLogger(DocumentCacheConfiguration.class);

  @Bean
  DocumentCache documentCache(
      DocumentCacheProperties settings, MeterRegistry registry, PublishedRuns runs) {
    long bytes = settings.bytes();
    log.info(
        "Document cache: up to {} MiB{}, blocks' numbers off the heap, admission {}",
        bytes >> 20,
        settings.maxMemory() == null
            ? " (a quarter of the heap's maximum; spotcast.query.cache.max-memory sets it)"
            : "",
        settings.admission().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    long offHeap = maxDirectMemory();
    if (bytes > offHeap) {
      log.warn(
          "spotcast.query.cache.max-memory ({} MiB) is above the JVM's memory off the heap ({} MiB):"
              + " the cache will stop keeping blocks there; give the JVM -XX:MaxDirectMemorySize={}m",
          bytes >> 20,
          offHeap >> 20,
          (bytes >> 20) + 256);
    }
    DocumentCache cache = new DocumentCache(bytes, settings.admission(), registry);
    runs.onRefresh(cache::retainRuns);
    return cache;
  }

  /**
   * The JVM's bound on memory off the heap: {@code -XX:MaxDirectMemorySize}, or the heap's maximum
   * when it is not set.
   */
  static long maxDirectMemory() {
    HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    long set = vm == null ? 0 : Long.parseLong(vm.getVMOption("MaxDirectMemorySize").getValue());
    return set > 0 ? set : Runtime.getRuntime().maxMemory();
  }
}
