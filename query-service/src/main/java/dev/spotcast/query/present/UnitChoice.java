package dev.spotcast.query.present;

import dev.spotcast.query.spot.BadParameterException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.measure.IncommensurableException;
import javax.measure.MetricPrefix;
import javax.measure.Unit;
import javax.measure.UnitConverter;
import javax.measure.format.MeasurementParseException;
import systems.uom.common.USCustomary;
import tech.units.indriya.AbstractUnit;
import tech.units.indriya.format.SimpleUnitFormat;
import tech.units.indriya.unit.Units;

/**
 * The units a client asked for with {@code units=}: a comma list of target units, at most one per
 * kind of quantity (temperature, speed, pressure). Each answered value whose unit is of the same
 * kind is converted (Indriya, the JSR 385 reference implementation); other values keep the unit the
 * model gave. Conversions between two units are looked up once and kept.
 */
public final class UnitChoice {

  /** What {@code units=} accepts, by the name a client writes, with the label the answer shows. */
  private static final Map<String, Target> TARGETS = new LinkedHashMap<>();

  static {
    target("K", Units.KELVIN, "K", "kelvin");
    target("°C", Units.CELSIUS, "C", "degC", "°C", "celsius");
    target("°F", USCustomary.FAHRENHEIT, "F", "degF", "°F", "fahrenheit");
    target("m/s", Units.METRE_PER_SECOND, "m/s", "ms");
    target("km/h", Units.KILOMETRE_PER_HOUR, "km/h", "kmh");
    target("kn", USCustomary.KNOT, "kn", "kt", "knots");
    target("mph", USCustomary.MILE_PER_HOUR, "mph");
    target("hPa", MetricPrefix.HECTO(Units.PASCAL), "hPa", "mbar");
    target("Pa", Units.PASCAL, "Pa");
  }

  /** No conversion: every value in the model's own unit. */
  public static final UnitChoice MODEL = new UnitChoice(List.of());

  private static final Map<String, Unit<?>> PARSED = new ConcurrentHashMap<>();
  private static final Unit<?> UNKNOWN = AbstractUnit.ONE;

  private final List<Target> targets;
  private final Map<String, Conversion> conversions = new ConcurrentHashMap<>();

  private UnitChoice(List<Target> targets) {
    this.targets = targets;
  }

  /** A target unit: its label in answers and the unit it is. */
  private record Target(String label, Unit<?> unit) {}

  /** How a value in some unit is answered: converted to {@code label}, or kept (converter null). */
  public record Conversion(String label, UnitConverter converter) {
    public double apply(double value) {
      return converter == null ? value : converter.convert(value);
    }
  }

  private static void target(String label, Unit<?> unit, String... names) {
    for (String name : names) {
      TARGETS.put(name.toLowerCase(Locale.ROOT), new Target(label, unit));
    }
  }

  /** The accepted names, for error messages and the API description. */
  public static String accepted() {
    return "K, C (°C), F (°F); m/s, km/h, kn, mph; hPa, Pa";
  }

  /**
   * Parses {@code units=}; null or blank means the model's units.
   *
   * @throws BadParameterException naming {@code units} for an unknown unit or two of one kind
   */
  public static UnitChoice parse(String text) {
    if (text == null || text.isBlank()) {
      return MODEL;
    }
    List<Target> chosen = new ArrayList<>();
    for (String name : text.split(",")) {
      String key = name.strip().toLowerCase(Locale.ROOT);
      Target target = TARGETS.get(key);
      if (target == null) {
        throw new BadParameterException(
            "units",
            "unknown unit '"
                + name.strip()
                + "'; units takes a comma list of "
                + accepted()
                + ", at most one per kind");
      }
      for (Target other : chosen) {
        if (other.unit().isCompatible(target.unit())) {
          throw new BadParameterException(
              "units",
              "units names two units of one kind: "
                  + other.label()
                  + " and "
                  + target.label()
                  + "; give one per kind (temperature, speed, pressure)");
        }
      }
      chosen.add(target);
    }
    return new UnitChoice(List.copyOf(chosen));
  }

  public boolean isModel() {
    return targets.isEmpty();
  }

  /** How a value the model gives in {@code unit} is answered. */
  public Conversion conversion(String unit) {
    if (targets.isEmpty() || unit == null) {
      return new Conversion(unit, null);
    }
    return conversions.computeIfAbsent(unit, this::lookUp);
  }

  private Conversion lookUp(String unit) {
    Unit<?> from = PARSED.computeIfAbsent(unit, UnitChoice::parseUnit);
    if (from != UNKNOWN) {
      for (Target target : targets) {
        if (from.isCompatible(target.unit())) {
          try {
            return new Conversion(target.label(), from.getConverterToAny(target.unit()));
          } catch (IncommensurableException e) {
            break;
          }
        }
      }
    }
    return new Conversion(unit, null);
  }

  /**
   * The model's unit as Indriya reads it; {@link #UNKNOWN} for what it cannot read (e.g. "%", "(0 -
   * 1)").
   */
  private static Unit<?> parseUnit(String unit) {
    String text = unit.strip();
    Target named = TARGETS.get(text.toLowerCase(Locale.ROOT));
    if (named != null) {
      return named.unit();
    }
    try {
      Unit<?> parsed = SimpleUnitFormat.getInstance().parse(text);
      return parsed.isCompatible(AbstractUnit.ONE) ? UNKNOWN : parsed;
    } catch (MeasurementParseException | IllegalArgumentException e) {
      return UNKNOWN;
    }
  }
}
