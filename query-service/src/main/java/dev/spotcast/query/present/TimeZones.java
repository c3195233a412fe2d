package dev.spotcast.query.present;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.spotcast.query.spot.BadParameterException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import net.iakovlev.timeshape.TimeZoneEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The time zone of a place for {@code timezone=}: an IANA name as given, or {@code auto}: the zone
 * whose boundary contains the place, offline from the timezone-boundary-builder polygons shipped in
 * Timeshape (Maven Central). Where no polygon holds the place (open sea outside the data), the
 * nautical zone of its longitude (Etc/GMT±N, 15° wide) is used. The polygons take seconds and a
 * large heap to load (docs/benchmarks.md): once, on the first {@code auto} request, or in the
 * background at start-up with {@code spotcast.query.timezones.preload=true}. A lookup at sea costs
 * far more than on land, so answers are kept per 0.001° cell (about 100 m; at most {@code
 * spotcast.query.timezones.cache-size} cells, 100,000 by default).
 */
@Component
public class TimeZones {

  private static final Logger log = LoggerFactory.getLogger(TimeZones.class);

  private volatile TimeZoneEngine engine;
  private final Cache<Long, ZoneId> cells;

  public TimeZones(
      @Value("${spotcast.query.timezones.preload:false}") boolean preload,
      @Value("${spotcast.query.timezones.cache-size:100000}") long cacheSize) {
    this.cells = Caffeine.newBuilder().maximumSize(cacheSize).build();
    if (preload) {
      Thread.ofVirtual()
          .name("timezones-preload")
          .start(
              () -> {
                try {
                  engine();
                } catch (RuntimeException e) {
                  log.warn("time zone polygons could not be loaded: {}", e.toString());
                }
              });
    }
  }

  /**
   * The zone {@code timezone=} names at this place; null when not asked.
   *
   * @throws BadParameterException naming {@code timezone} for a name that is no zone
   */
  public ZoneId resolve(String text, double lat, double lon) {
    if (text == null || text.isBlank()) {
      return null;
    }
    ZoneId named = named(text);
    return named != null ? named : at(lat, lon);
  }

  /**
   * The zone {@code timezone=} names, or null for {@code auto} or nothing (checked before the place
   * is known).
   *
   * @throws BadParameterException naming {@code timezone} for a name that is no zone
   */
  public static ZoneId named(String text) {
    if (text == null || text.isBlank() || text.strip().equalsIgnoreCase("auto")) {
      return null;
    }
    try {
      return ZoneId.of(text.strip());
    } catch (DateTimeException e) {
      throw new BadParameterException(
          "timezone",
          "'"
              + text.strip()
              + "' is not a time zone; give an IANA name "
              + "such as Europe/Berlin or America/New_York, a UTC offset such as +05:30, or auto (the zone at the place)");
    }
  }

  /** The zone at a place. */
  public ZoneId at(double lat, double lon) {
    long cell = Math.round((lat + 90) * 1000) * 1_000_000L + Math.round((lon + 180) * 1000);
    return cells.get(cell, c -> engine().query(lat, lon).orElseGet(() -> nautical(lon)));
  }

  /** The nautical time zone of a longitude: Etc/GMT-N east of Greenwich (the sign is POSIX's). */
  static ZoneId nautical(double lon) {
    int hours = (int) Math.round(lon / 15.0);
    hours = Math.max(-12, Math.min(12, hours));
    return hours == 0
        ? ZoneOffset.UTC
        : ZoneId.of("Etc/GMT" + (hours > 0 ? "-" : "+") + Math.abs(hours));
  }

  private TimeZoneEngine engine() {
    TimeZoneEngine loaded = engine;
    if (loaded == null) {
      synchronized (this) {
        loaded = engine;
        if (loaded == null) {
          long started = System.nanoTime();
          loaded = TimeZoneEngine.initialize(-90, -180, 90, 180, true);
          engine = loaded;
          log.info("time zone polygons loaded in {} ms", (System.nanoTime() - started) / 1_000_000);
        }
      }
    }
    return loaded;
  }
}
