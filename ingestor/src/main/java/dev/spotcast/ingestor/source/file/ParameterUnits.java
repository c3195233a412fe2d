package dev.spotcast.ingestor.source.file;

import dev.spotcast.model.Parameter;
import java.util.Set;

/**
 * The model parameter for a field's short name and unit: bounded quantities (humidity, cloud cover)
 * get their bounds, so that interpolated values stay inside them; everything else is unbounded.
 */
final class ParameterUnits {

  /** Relative humidity and cloud cover short names as ecCodes and CF name them. */
  private static final Set<String> FRACTIONS =
      Set.of("r", "rh", "2r", "tcc", "lcc", "mcc", "hcc", "cc");

  private ParameterUnits() {}

  static Parameter parameter(String name, String unit) {
    if (FRACTIONS.contains(name)) {
      if (unit.equals("%")) {
        return new Parameter(name, unit, 0, 100);
      }
      if (unit.equals("(0 - 1)") || unit.equals("1") || unit.equals("0-1") || unit.isEmpty()) {
        return new Parameter(name, unit, 0, 1);
      }
    }
    return Parameter.unbounded(name, unit);
  }
}
