package dev.spotcast.ingestor.source.file;

import dev.spotcast.model.Aggregation;
import dev.spotcast.model.LevelType;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * What one 2-D field of a forecast file is (parameter, level, times, ensemble member, grid),
 * without its values: {@link #read()} decodes them when needed, so the ingestion can stream a run
 * field by field.
 *
 * @param file the file the field is in
 * @param message 0-based message number in file order (for GRIB the same number ecCodes gives; for
 *     NetCDF the position of the 2-D slice among the file's slices)
 * @param parameter short name as ecCodes gives it ("t", "10u", "prmsl", DWD's "ASWDIR_S")
 * @param unit the unit as the parameter table or file gives it ("K", "m s**-1")
 * @param level in the level type's unit (hPa for isobaric, m for heights, 0 for surface and mean
 *     sea)
 * @param referenceTime the analysis (run) time
 * @param stepMinutes valid time minus reference time, in minutes (for a value over an interval: its
 *     end)
 * @param startMinutes where the field's time interval starts, in minutes after the reference time:
 *     {@code stepMinutes} for a point value, earlier for an accumulation, mean, maximum or minimum
 *     (GRIB2 product templates 4.8 and 4.11, GRIB1's time range indicator, CF time bounds)
 * @param aggregation what was done over the interval; an accumulation as the file has it (from the
 *     start of the run, or since a window restarted) is a {@link Aggregation#SUM} over {@code
 *     startMinutes..stepMinutes}
 * @param member the ensemble member number, or null when the field is not an ensemble member
 * @param grid the points the values belong to; shared by the fields that have the same grid
 * @param source decodes the values
 */
public record FieldRef(
    Path file,
    int message,
    String parameter,
    String unit,
    LevelType levelType,
    double level,
    Instant referenceTime,
    int stepMinutes,
    int startMinutes,
    Aggregation aggregation,
    Integer member,
    FieldGrid grid,
    FieldSource source) {

  public FieldRef {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(parameter, "parameter");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(levelType, "levelType");
    Objects.requireNonNull(referenceTime, "referenceTime");
    Objects.requireNonNull(grid, "grid");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(aggregation, "aggregation");
    if (startMinutes > stepMinutes
        || (aggregation == Aggregation.POINT && startMinutes != stepMinutes)) {
      throw new IllegalArgumentException(
          "a field's interval "
              + startMinutes
              + ".."
              + stepMinutes
              + " min does not fit a "
              + aggregation.label());
    }
    if (!ParameterNames.isValid(parameter)) {
      throw new IllegalArgumentException("invalid parameter name '" + parameter + "'");
    }
  }

  /** The valid time, reference time plus step. */
  public Instant validTime() {
    return referenceTime.plusSeconds(60L * stepMinutes);
  }

  /** "+6h", "+90min", "sum +0h..+6h": the field's time as people read it. */
  public String interval() {
    return aggregation == Aggregation.POINT
        ? "+" + minutes(stepMinutes)
        : aggregation.label() + " +" + minutes(startMinutes) + "..+" + minutes(stepMinutes);
  }

  private static String minutes(int m) {
    return m % 60 == 0 ? (m / 60) + "h" : m + "min";
  }

  /** The same field with other values (an amount made from two accumulations). */
  FieldRef withSource(
      FieldSource newSource, int newStartMinutes, String newUnit, Aggregation newAggregation) {
    return new FieldRef(
        file,
        message,
        parameter,
        newUnit,
        levelType,
        level,
        referenceTime,
        stepMinutes,
        newStartMinutes,
        newAggregation,
        member,
        grid,
        newSource);
  }

  /**
   * Decodes the values, in the grid's point order ({@code grid().latitude(i)} belongs to value i),
   * missing values as NaN. Thread-safe.
   */
  public float[] read() throws ForecastFileException {
    return source.read();
  }

  @Override
  public String toString() {
    return "FieldRef["
        + file.getFileName()
        + " #"
        + message
        + " "
        + parameter
        + " "
        + levelType
        + " "
        + level
        + " "
        + referenceTime
        + " "
        + interval()
        + (member == null ? "" : " member " + member)
        + " "
        + grid.kind()
        + "]";
  }
}
