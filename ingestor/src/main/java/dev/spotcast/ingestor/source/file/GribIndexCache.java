package dev.spotcast.ingestor.source.file;

import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import ucar.nc2.grib.collection.GribCollection;
import ucar.nc2.util.DiskCache2;

/**
 * Points netCDF-Java's GRIB index cache (.gbx9 / .ncx files) at a folder of ours. This reader
 * decodes records directly and writes no index; but netCDF-Java's default is to write indexes next
 * to the data files, so should any code path open a GRIB file through netCDF-Java's GRIB IOSP, the
 * indexes go to {@code ${SPOTCAST_HOME:-/var/tmp/spotcast}/grib-cache} (or the system property
 * {@value #PROPERTY}) and never next to the input.
 */
final class GribIndexCache {

  static final String PROPERTY = "spotcast.grib-cache";

  private static final Logger log = LoggerFactory.getLogger(GribIndexCache.class);
  private static volatile boolean configured;

  private GribIndexCache() {}

  /** Configures the cache once per process. */
  static void configure() {
    if (configured) {
      return;
    }
    synchronized (GribIndexCache.class) {
      if (configured) {
        return;
      }
      Path root = root();
      DiskCache2 cache = new DiskCache2(root.toString(), false, 0, 0);
      cache.setAlwaysUseCache(true);
      GribCollection.setDiskCache2(cache);
      configured = true;
      log.debug("netCDF-Java GRIB index cache at {}", root);
    }
  }

  static Path root() {
    String configured = System.getProperty(PROPERTY);
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    String home = System.getenv("SPOTCAST_HOME");
    return Path.of(home == null || home.isBlank() ? "/var/tmp/spotcast" : home, "grib-cache");
  }
}
