package dev.spotcast.ingestor.source.file;

import dev.spotcast.ingestor.source.file.Eccodes.EccodesException;
import dev.spotcast.ingestor.source.file.GribLevels.Level;
import dev.spotcast.ingestor.source.file.GribLevels.UnsupportedLevelException;
import dev.spotcast.ingestor.source.file.GribMessages.Message;
import dev.spotcast.ingestor.source.file.GridFactory.UnsupportedGridException;
import dev.spotcast.model.Aggregation;
import dev.spotcast.model.StatisticNames;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns each GRIB message, as ecCodes reads it, into a {@link FieldRef} (or a {@link SkippedField}
 * with the reason): parameter, unit, level, times and ensemble member from ecCodes' keys, the grid
 * from {@link GribGrids}. The values are decoded by ecCodes when the field is read.
 */
final class GribFieldBuilder {

  /**
   * Stands in for missing (bitmap-masked) points while ecCodes decodes; the values come back as
   * NaN.
   */
  private static final double MISSING = Float.MAX_VALUE;

  /**
   * ECMWF MARS streams whose fields are ensemble members even where the local definition does not
   * say so in a key of its own (e.g. the ERA5 ensemble of data assimilation, local definition 36,
   * type an).
   */
  private static final Set<String> ENSEMBLE_STREAMS =
      Set.of(
          "enfo", "enfh", "enda", "elda", "eefo", "eefh", "efov", "waef", "weef", "wehs", "ewda",
          "ewla", "mmsf", "msmm", "mnfc", "mnfh", "edmm", "edmo", "ewmo", "ewmm", "efas", "efse",
          "efhs", "efhc", "wfas");

  /** MARS types that only ensemble members have: control and perturbed forecasts. */
  private static final Set<String> ENSEMBLE_TYPES = Set.of("cf", "pf");

  private final GribForecastFile file;
  private final Eccodes ec;
  private final List<FieldRef> fields = new ArrayList<>();
  private final List<SkippedField> skipped = new ArrayList<>();

  GribFieldBuilder(GribForecastFile file, Eccodes ec) {
    this.file = file;
    this.ec = ec;
  }

  List<FieldRef> fields() {
    return fields;
  }

  List<SkippedField> skipped() {
    return skipped;
  }

  void add(Message message, MemorySegment h) throws EccodesException {
    int edition = (int) ec.requireLong(h, "edition");
    String name = parameterName(h, edition);
    try {
      if (message.fields() > 1) {
        throw new UnsupportedFieldException(
            "a GRIB2 message holding "
                + message.fields()
                + " fields (sections 2-7 repeated) is not supported");
      }
      Level level = level(h, edition);
      String unit = ec.getString(h, "units").orElse("");
      Instant reference = dateTime(ec.requireLong(h, "dataDate"), ec.requireLong(h, "dataTime"));
      Instant valid =
          dateTime(ec.requireLong(h, "validityDate"), ec.requireLong(h, "validityTime"));
      long seconds = valid.getEpochSecond() - reference.getEpochSecond();
      if (seconds % 60 != 0) {
        throw new UnsupportedFieldException(
            "step of " + seconds + " seconds is not a whole number of minutes");
      }
      Aggregation aggregation = aggregation(h);
      // ecCodes gives startStep and endStep in the message's own step unit (read only: setting
      // stepUnits would re-encode the message in place).
      String stepUnits = ec.getString(h, "stepUnits").orElse("h");
      Integer unitSeconds = STEP_UNIT_SECONDS.get(stepUnits);
      if (unitSeconds == null) {
        throw new UnsupportedFieldException("step unit '" + stepUnits + "'");
      }
      long startSeconds = ec.requireLong(h, "startStep") * unitSeconds;
      long endSeconds = ec.requireLong(h, "endStep") * unitSeconds;
      long start = startSeconds / 60;
      long end = endSeconds / 60;
      if (endSeconds != seconds || startSeconds > endSeconds || startSeconds % 60 != 0) {
        throw new UnsupportedFieldException(
            "time range "
                + start
                + ".."
                + end
                + " min does not end at the validity time, "
                + seconds / 60
                + " min after the reference time");
      }
      if (aggregation == Aggregation.POINT) {
        start = end;
      }
      PointGrid grid = GribGrids.of(ec, h, edition);
      long points = ec.requireLong(h, "numberOfDataPoints");
      if (grid.pointCount() != points) {
        throw new UnsupportedFieldException(
            "grid "
                + grid.kind()
                + " has "
                + grid.pointCount()
                + " points but the message declares "
                + points);
      }
      fields.add(
          new FieldRef(
              file.path(),
              message.number(),
              name,
              unit,
              level.type(),
              level.value(),
              reference,
              Math.toIntExact(end),
              Math.toIntExact(start),
              aggregation,
              member(h, edition),
              grid,
              new Values(message)));
    } catch (UnsupportedLevelException | UnsupportedFieldException | UnsupportedGridException e) {
      skipped.add(new SkippedField(message.number(), name, e.getMessage()));
    }
  }

  /** ecCodes' step units (its stepUnits table) in seconds. */
  private static final Map<String, Integer> STEP_UNIT_SECONDS =
      Map.of(
          "s", 1, "m", 60, "15m", 900, "30m", 1800, "h", 3600, "3h", 10_800, "6h", 21_600, "12h",
          43_200, "D", 86_400);

  /**
   * What was done over the field's time range, from ecCodes' {@code stepType}, which reads GRIB2's
   * type of statistical processing (code table 4.10, templates 4.8 and 4.11) and GRIB1's time range
   * indicator alike.
   */
  private Aggregation aggregation(MemorySegment h)
      throws EccodesException, UnsupportedFieldException {
    String stepType = ec.getString(h, "stepType").orElse("instant");
    return switch (stepType) {
      case "instant" -> Aggregation.POINT;
      case "accum" -> Aggregation.SUM;
      case "avg" -> Aggregation.MEAN;
      case "max" -> Aggregation.MAXIMUM;
      case "min" -> Aggregation.MINIMUM;
      default ->
          throw new UnsupportedFieldException(
              "statistical processing '" + stepType + "' (only instant, accum, avg, max, min)");
    };
  }

  /**
   * ecCodes' shortName without the hours of a statistic's interval ({@link StatisticNames}: the
   * interval is kept per step); for a parameter its tables do not know, a name built from the
   * codes.
   */
  private String parameterName(MemorySegment h, int edition) throws EccodesException {
    String shortName = ec.getString(h, "shortName").orElse("unknown");
    if (!shortName.equals("unknown") && ParameterNames.isValid(shortName)) {
      return StatisticNames.withoutInterval(shortName);
    }
    if (edition == 1) {
      return "grib1_c"
          + ec.requireLong(h, "centre")
          + "_t"
          + ec.requireLong(h, "table2Version")
          + "_p"
          + ec.requireLong(h, "indicatorOfParameter");
    }
    return "grib2_d"
        + ec.requireLong(h, "discipline")
        + "_c"
        + ec.requireLong(h, "parameterCategory")
        + "_p"
        + ec.requireLong(h, "parameterNumber");
  }

  private Level level(MemorySegment h, int edition)
      throws EccodesException, UnsupportedLevelException {
    String description = GribLevels.describe(ec.getString(h, "typeOfLevel").orElse(null));
    if (edition == 1) {
      int code = (int) ec.requireLong(h, "indicatorOfTypeOfLevel");
      return GribLevels.grib1(code, ec.getLong(h, "level").orElse(0L).doubleValue(), description);
    }
    int code = (int) ec.requireLong(h, "typeOfFirstFixedSurface");
    int second = ec.getLong(h, "typeOfSecondFixedSurface").orElse(255L).intValue();
    return GribLevels.grib2(
        code,
        scaled(h, "scaledValueOfFirstFixedSurface", "scaleFactorOfFirstFixedSurface"),
        second,
        description);
  }

  /** A GRIB2 scaled value (value * 10^-factor); 0 when missing, as for surfaces without a value. */
  private double scaled(MemorySegment h, String valueKey, String factorKey)
      throws EccodesException {
    long value = ec.getLong(h, valueKey).orElse(0L);
    long factor = ec.getLong(h, factorKey).orElse(0L);
    if (isMissing(value) || isMissing(factor)) {
      return 0;
    }
    return factor >= 0 ? value / Math.pow(10, factor) : value * Math.pow(10, -factor);
  }

  /** ecCodes returns GRIB_MISSING_LONG for a key whose octets are all ones. */
  private static boolean isMissing(long value) {
    return value == 2147483647L || value == -2147483647L;
  }

  /**
   * The ensemble member, or null for a field that is not one. GRIB2 product templates for ensembles
   * (4.1, 4.11 and the others) carry perturbationNumber; ECMWF's GRIB1 local definitions (1, 15,
   * 26, 30, 36, ...) carry number for every field, deterministic ones included (number 0), so there
   * the MARS stream and type tell whether it is a member.
   */
  private Integer member(MemorySegment h, int edition) throws EccodesException {
    if (edition == 2) {
      Optional<Long> perturbation = ec.getLong(h, "perturbationNumber");
      if (perturbation.isPresent()) {
        return Math.toIntExact(perturbation.get());
      }
    }
    Optional<Long> number = ec.getLong(h, "number");
    if (number.isEmpty() || isMissing(number.get())) {
      return null;
    }
    String stream = ec.getString(h, "stream").orElse("");
    String type = ec.getString(h, "type").orElse("");
    long forecasts = ec.getLong(h, "numberOfForecastsInEnsemble").orElse(0L);
    boolean ensemble =
        ENSEMBLE_STREAMS.contains(stream)
            || ENSEMBLE_TYPES.contains(type)
            || (forecasts > 0 && !isMissing(forecasts))
            || number.get() > 0;
    return ensemble ? Math.toIntExact(number.get()) : null;
  }

  private static Instant dateTime(long yyyymmdd, long hhmm) {
    LocalDate date =
        LocalDate.parse(String.format("%08d", yyyymmdd), DateTimeFormatter.BASIC_ISO_DATE);
    return date.atTime((int) (hhmm / 100), (int) (hhmm % 100)).toInstant(ZoneOffset.UTC);
  }

  /** A field this reader does not offer, with the reason. */
  static final class UnsupportedFieldException extends RuntimeException {
    UnsupportedFieldException(String message) {
      super(message);
    }
  }

  /** Decodes one field's values with ecCodes, in stored order, missing points as NaN. */
  private final class Values implements FieldSource {
    private final Message message;

    Values(Message message) {
      this.message = message;
    }

    @Override
    public float[] read() throws ForecastFileException {
      return file.withHandle(
          message,
          "values cannot be decoded",
          h -> {
            boolean bitmap = ec.getLong(h, "bitmapPresent").orElse(0L) != 0;
            if (bitmap) {
              ec.setDouble(h, "missingValue", MISSING);
            }
            double[] decoded = ec.getDoubleArray(h, "values");
            long points = ec.requireLong(h, "numberOfDataPoints");
            if (decoded.length != points) {
              throw new EccodesException(
                  "decoded " + decoded.length + " values for a grid of " + points + " points");
            }
            float[] values = new float[decoded.length];
            for (int i = 0; i < values.length; i++) {
              double v = decoded[i];
              values[i] = bitmap && v == MISSING ? Float.NaN : (float) v;
            }
            return values;
          });
    }

    /**
     * Half the quantisation step 2^E / 10^D of the packing; 0 for unpacked (IEEE) or constant
     * fields.
     */
    @Override
    public double precision() throws ForecastFileException {
      return file.withHandle(
          message,
          "packing cannot be read",
          h -> {
            String packing = ec.getString(h, "packingType").orElse("");
            long bits = ec.getLong(h, "bitsPerValue").orElse(0L);
            if (packing.equals("grid_ieee") || bits == 0) {
              return 0.0;
            }
            long e = ec.getLong(h, "binaryScaleFactor").orElse(0L);
            long d = ec.getLong(h, "decimalScaleFactor").orElse(0L);
            return 0.5 * Math.pow(2, e) / Math.pow(10, d);
          });
    }
  }
}
