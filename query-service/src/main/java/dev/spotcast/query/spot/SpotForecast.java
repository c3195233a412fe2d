package dev.spotcast.query.spot;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/**
 * The answer to a spot request: the interpolated values and everything that explains them (run,
 * grid points with their distances and weights, levels and steps with their weights).
 *
 * @param run the run time of the model run that answered
 * @param lon the requested longitude, normalised to [-180, 180)
 * @param alt the requested height above ground in m, absent when not asked with alt=
 * @param pressure the requested pressure in hPa, absent when not asked with pressure=
 * @param method the horizontal interpolation: idw, nearest or bilinear
 * @param values per parameter, in the run's order, then the derived wind (wind_speed,
 *     wind_direction)
 * @param timezone the zone of {@code timezone=} (its IANA name), absent without it
 * @param localTime the valid time in that zone, absent without it
 * @param previousRuns with {@code previous_runs=N}: the N runs before this one, newest first
 * @param blend for a blend ({@code spotcast.query.blends}): each member model, its run, lead time
 *     and weight
 * @param terrain where the run has terrain or the request gave elevation or cell_selection: what
 *     they did
 * @param ensemble for an ensemble: the member that answered, or the statistic across its members
 * @param provisional made without something the run will soon have (its terrain, still being read):
 *     not to be kept by caches; not part of the answer's body
 */
public record SpotForecast(
    String model,
    Instant run,
    Instant time,
    double lat,
    double lon,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double alt,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double pressure,
    String method,
    Map<String, Value> values,
    List<Neighbour> neighbours,
    List<LevelUsed> levels,
    List<StepUsed> steps,
    @JsonInclude(JsonInclude.Include.NON_NULL) String timezone,
    @JsonProperty("local_time") @JsonInclude(JsonInclude.Include.NON_NULL) OffsetDateTime localTime,
    @JsonProperty("previous_runs") @JsonInclude(JsonInclude.Include.NON_NULL)
        List<PreviousRun> previousRuns,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<BlendMember> blend,
    @JsonInclude(JsonInclude.Include.NON_NULL) TerrainUsed terrain,
    @JsonInclude(JsonInclude.Include.NON_NULL) EnsembleUsed ensemble,
    @JsonIgnore boolean provisional) {

  public SpotForecast(
      String model,
      Instant run,
      Instant time,
      double lat,
      double lon,
      Double alt,
      Double pressure,
      String method,
      Map<String, Value> values,
      List<Neighbour> neighbours,
      List<LevelUsed> levels,
      List<StepUsed> steps) {
    this(
        model, run, time, lat, lon, alt, pressure, method, values, neighbours, levels, steps, null);
  }

  public SpotForecast(
      String model,
      Instant run,
      Instant time,
      double lat,
      double lon,
      Double alt,
      Double pressure,
      String method,
      Map<String, Value> values,
      List<Neighbour> neighbours,
      List<LevelUsed> levels,
      List<StepUsed> steps,
      TerrainUsed terrain) {
    this(
        model,
        run,
        time,
        lat,
        lon,
        alt,
        pressure,
        method,
        values,
        neighbours,
        levels,
        steps,
        null,
        null,
        null,
        null,
        terrain,
        null,
        false);
  }

  /** The same answer as an ensemble's: under the ensemble's name, with what of it answered. */
  public SpotForecast asEnsemble(
      String ensembleModel, Map<String, Value> ensembleValues, EnsembleUsed used) {
    return new SpotForecast(
        ensembleModel,
        run,
        time,
        lat,
        lon,
        alt,
        pressure,
        method,
        ensembleValues,
        neighbours,
        levels,
        steps,
        timezone,
        localTime,
        previousRuns,
        blend,
        terrain,
        used,
        provisional);
  }

  /**
   * How an ensemble answered.
   *
   * @param member the member whose values these are (member= or the control), absent for a
   *     statistic
   * @param statistic the statistic across members (ensemble=), absent for a member
   * @param members every member of the ensemble that answered, by number
   * @param models the models holding them, in the same order
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record EnsembleUsed(
      Integer member, String statistic, List<Integer> members, List<String> models) {}

  /**
   * What the terrain did to an answer.
   *
   * @param elevation the height above sea level answered for (m): the request's, else the model's
   *     ground
   * @param elevationFrom "request" or "model"
   * @param modelElevation the model's ground at the place (m above sea level), weighted as the
   *     values
   * @param lapseRate K per m, when temperatures were corrected
   * @param corrections per corrected parameter, what was added (K): lapse rate x (model ground -
   *     elevation)
   * @param notCorrected why elevation= corrected nothing
   * @param cellSelection the kind of grid points that answered: land, sea or nearest
   * @param skipped nearer grid points of the other kind, passed over
   * @param note why the cell selection could not be followed
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record TerrainUsed(
      Double elevation,
      @JsonProperty("elevation_from") String elevationFrom,
      @JsonProperty("model_elevation") Double modelElevation,
      @JsonProperty("lapse_rate") Double lapseRate,
      Map<String, Double> corrections,
      @JsonProperty("not_corrected") String notCorrected,
      @JsonProperty("cell_selection") String cellSelection,
      List<SkippedPoint> skipped,
      String note) {}

  /** A grid point a cell selection passed over: where it is, its land fraction, why. */
  public record SkippedPoint(
      int point,
      double lat,
      double lon,
      double distance,
      @JsonProperty("land_fraction") @JsonInclude(JsonInclude.Include.NON_NULL) Double landFraction,
      String reason) {}

  /**
   * A member of a blend as it took part in an answer.
   *
   * @param run the member's run that answered, absent when it did not answer
   * @param leadHours hours from that run to the valid time
   * @param weight its share of the blend here (the weights of the members that answered, summing to
   *     1)
   * @param reason why it did not answer (outside its grid, levels or steps; not served)
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record BlendMember(
      String model, Instant run, Double leadHours, double weight, String reason) {}

  /**
   * What an earlier run forecast for the same place and valid time ({@code previous_runs=}): its
   * values, or why it has none (e.g. the time is beyond that run's last step).
   */
  public record PreviousRun(
      Instant run,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Value> values,
      @JsonInclude(JsonInclude.Include.NON_NULL) String problem) {}

  /**
   * An interpolated value, or null with the reason it is unavailable. Written by {@link Json}, as
   * Jackson writes the record, without its per-property machinery: a series writes hundreds.
   */
  @JsonSerialize(using = Value.Json.class)
  public record Value(
      Double value,
      String unit,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
      @JsonInclude(JsonInclude.Include.NON_NULL) Period over) {

    public Value(Double value, String unit, String reason) {
      this(value, unit, reason, null);
    }

    public static Value of(double value, String unit) {
      return new Value(value, unit, null, null);
    }

    public static Value unavailable(String unit, String reason) {
      return new Value(null, unit, reason, null);
    }

    /** This value, said to be over a period. */
    public Value over(Period period) {
      return new Value(value, unit, reason, period);
    }

    /** The record's JSON: value (null when unavailable), unit, then reason and over if present. */
    static final class Json extends StdSerializer<Value> {

      Json() {
        super(Value.class);
      }

      @Override
      public void serialize(Value value, JsonGenerator json, SerializerProvider provider)
          throws IOException {
        json.writeStartObject(value);
        if (value.value() == null) {
          json.writeNullField("value");
        } else {
          json.writeNumberField("value", value.value());
        }
        json.writeStringField("unit", value.unit());
        if (value.reason() != null) {
          json.writeStringField("reason", value.reason());
        }
        if (value.over() != null) {
          provider.defaultSerializeField("over", value.over(), json);
        }
        json.writeEndObject();
      }
    }
  }

  /**
   * The period a value over time belongs to: an amount over the period asked for ({@code period=},
   * by default the hour before the time), a mean, maximum or minimum over the model's own interval.
   *
   * @param statistic what was done over the period: sum, mean, maximum, minimum
   * @param split true when a stored amount was only partly inside the period and was taken in
   *     proportion (spread evenly over its interval); absent otherwise
   */
  public record Period(
      String statistic,
      Instant from,
      Instant to,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean split) {}

  /**
   * A grid point the values were interpolated from.
   *
   * @param point the grid point index
   * @param distance geodesic distance from the request in metres (WGS84)
   * @param weight its inverse-distance weight
   */
  public record Neighbour(int point, double lat, double lon, double distance, double weight) {}

  /** A level read (its type, value and unit) and its weight in the vertical interpolation. */
  public record LevelUsed(String type, double level, String unit, double weight) {}

  /** A forecast step read (hours after the run), its valid time and its weight in time. */
  public record StepUsed(int step, Instant time, double weight) {}
}
