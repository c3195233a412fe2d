package dev.spotcast.index;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * Deterministic document ids, so that a retried or redone bulk overwrites instead of duplicating.
 * Model and run are in the index name, so inside an index level, step and grid point identify a
 * document; keeping the id short keeps Elasticsearch's id lookups and the terms index small.
 */
public final class DocumentIds {

  private DocumentIds() {}

  public static String of(double level, int step, int point) {
    return level(level) + "_" + step + "_" + point;
  }

  /** A level as ids and logs write it: 850 rather than 850.0, 0.01 as is. */
  public static String level(double level) {
    long whole = (long) level;
    return whole == level ? Long.toString(whole) : Double.toString(level);
  }

  /** Writes the level field, as an integer when it is one (most are), to keep bodies small. */
  static void writeLevel(JsonGenerator gen, double level) throws IOException {
    long whole = (long) level;
    if (whole == level) {
      gen.writeNumberField(ForecastFields.LEVEL, whole);
    } else {
      gen.writeNumberField(ForecastFields.LEVEL, level);
    }
  }
}
