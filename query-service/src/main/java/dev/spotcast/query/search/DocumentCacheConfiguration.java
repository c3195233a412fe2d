package dev.spotcast.query.search;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.spotcast.query.catalog.PublishedRuns;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

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
public class DocumentCacheConfiguration {

  private static final Logger log = LoggerFactory.getLogger(DocumentCacheConfiguration.class);

  @Bean
  DocumentCache documentCache(
      @Value("${spotcast.query.cache.max-memory:#{null}}") DataSize maxMemory,
      @Value("${spotcast.query.cache.admission:first-read}") String admission,
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
        "Document cache: up to {} MiB{}, blocks' numbers off the heap",
        bytes >> 20,
        maxMemory == null
            ? " (a quarter of the heap's maximum; spotcast.query.cache.max-memory sets it)"
            : "");
    long offHeap = maxDirectMemory();
    if (bytes > offHeap) {
      log.warn(
          "spotcast.query.cache.max-memory ({} MiB) is above the JVM's memory off the heap ({} MiB):"
              + " the cache will stop keeping blocks there; give the JVM -XX:MaxDirectMemorySize={}m",
          bytes >> 20,
          offHeap >> 20,
          (bytes >> 20) + 256);
    }
    DocumentCache cache = new DocumentCache(bytes, admission(admission), registry);
    runs.onRefresh(cache::retainRuns);
    return cache;
  }

  /** {@code spotcast.query.cache.admission}: {@code first-read} or {@code read-again}. */
  static DocumentCache.Admission admission(String value) {
    return switch (value.strip().toLowerCase(java.util.Locale.ROOT).replace('_', '-')) {
      case "first-read" -> DocumentCache.Admission.FIRST_READ;
      case "read-again" -> DocumentCache.Admission.READ_AGAIN;
      default ->
          throw new IllegalArgumentException(
              "spotcast.query.cache.admission is '"
                  + value
                  + "'; give first-read (keep every document read) or read-again (keep a"
                  + " document once it is read again)");
    };
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
