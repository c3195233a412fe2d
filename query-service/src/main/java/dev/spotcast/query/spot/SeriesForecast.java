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
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/**
 * The answer to a series request: every step of the run in the requested range, each interpolated
 * in space and in the vertical exactly as a spot request at the step's valid time (no interpolation
 * in time: the steps themselves).
 *
 * @param run the run time of the model run that answered
 * @param lon the requested longitude, normalised to [-180, 180)
 * @param params every parameter answered (derived wind included) with its unit
 * @param steps the steps in the range, in time order
 * @param neighbours the grid points the values were interpolated from (the same at every step)
 * @param timezone the zone of {@code timezone=} (its IANA name), absent without it
 * @param daily the local days of {@code daily=}, absent without it
 * @param terrain what the terrain did, as in a spot answer (the same at every step)
 * @param ensemble for an ensemble: the member that answered, or the statistic across its members
 * @param blend for a blend: its members with their runs and shares at the first step (each step's
 *     shares follow the members' weights at that step's lead time)
 * @param provisional made without something the run will soon have, as a spot answer's
 */
public record SeriesForecast(
    String model,
    Instant run,
    double lat,
    double lon,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double alt,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double pressure,
    String method,
    Map<String, String> params,
    List<Step> steps,
    List<SpotForecast.Neighbour> neighbours,
    @JsonInclude(JsonInclude.Include.NON_NULL) String timezone,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<Day> daily,
    @JsonInclude(JsonInclude.Include.NON_NULL) SpotForecast.TerrainUsed terrain,
    @JsonInclude(JsonInclude.Include.NON_NULL) SpotForecast.EnsembleUsed ensemble,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<SpotForecast.BlendMember> blend,
    @JsonIgnore boolean provisional) {

  public SeriesForecast(
      String model,
      Instant run,
      double lat,
      double lon,
      Double alt,
      Double pressure,
      String method,
      Map<String, String> params,
      List<Step> steps,
      List<SpotForecast.Neighbour> neighbours,
      SpotForecast.TerrainUsed terrain,
      boolean provisional) {
    this(
        model,
        run,
        lat,
        lon,
        alt,
        pressure,
        method,
        params,
        steps,
        neighbours,
        null,
        null,
        terrain,
        null,
        null,
        provisional);
  }

  /**
   * The same series as an ensemble's: under the ensemble's name, with its steps' values and what
   * answered.
   */
  public SeriesForecast asEnsemble(
      String ensembleModel,
      Map<String, String> ensembleParams,
      List<Step> ensembleSteps,
      SpotForecast.EnsembleUsed used) {
    return new SeriesForecast(
        ensembleModel,
        run,
        lat,
        lon,
        alt,
        pressure,
        method,
        ensembleParams,
        ensembleSteps,
        neighbours,
        timezone,
        daily,
        terrain,
        used,
        blend,
        provisional);
  }

  /**
   * One step of the run: hours after the run, its valid time and the values at it. Written by
   * {@link Json}, as Jackson writes the record, without its per-property and per-entry machinery: a
   * ten-day series has over a hundred steps.
   *
   * @param localTime the valid time in the zone asked with {@code timezone=}, absent without it
   */
  @JsonSerialize(using = Step.Json.class)
  public record Step(
      int step,
      Instant time,
      @JsonProperty("local_time") @JsonInclude(JsonInclude.Include.NON_NULL)
          OffsetDateTime localTime,
      Map<String, SpotForecast.Value> values) {

    public Step(int step, Instant time, Map<String, SpotForecast.Value> values) {
      this(step, time, null, values);
    }

    /** The record's JSON: step, time, local_time if present, then the values in their order. */
    static final class Json extends StdSerializer<Step> {

      private final SpotForecast.Value.Json value = new SpotForecast.Value.Json();

      Json() {
        super(Step.class);
      }

      @Override
      public void serialize(Step step, JsonGenerator json, SerializerProvider provider)
          throws IOException {
        json.writeStartObject(step);
        json.writeNumberField("step", step.step());
        // ISO-8601 in UTC, as Jackson's InstantSerializer writes it
        // (DateTimeFormatter.ISO_INSTANT).
        json.writeStringField("time", step.time().toString());
        if (step.localTime() != null) {
          provider.defaultSerializeField("local_time", step.localTime(), json);
        }
        json.writeFieldName("values");
        json.writeStartObject(step.values());
        for (Map.Entry<String, SpotForecast.Value> entry : step.values().entrySet()) {
          json.writeFieldName(entry.getKey());
          if (entry.getValue() == null) {
            json.writeNull();
          } else {
            value.serialize(entry.getValue(), json, provider);
          }
        }
        json.writeEndObject();
        json.writeEndObject();
      }
    }
  }

  /**
   * One local day of {@code daily=}.
   *
   * @param start the day's first instant, in the zone's offset then
   * @param end the next day's first instant
   * @param complete whether the run's steps cover the whole day
   * @param steps how many steps of the run lie in the day
   * @param values per parameter, per aggregate ({@code min}, {@code max}, {@code mean}, {@code
   *     sum}), in the answer's units; null where no step of the day has a value
   */
  public record Day(
      LocalDate date,
      OffsetDateTime start,
      OffsetDateTime end,
      boolean complete,
      int steps,
      Map<String, Map<String, Double>> values,
      @JsonInclude(JsonInclude.Include.NON_NULL) SunDay sun) {}

  /**
   * The sun at the place on a local day (NOAA's conventions, see docs/derived-variables.md).
   *
   * @param sunrise the first sunrise of the day, absent when the sun does not rise on it
   * @param sunset the last sunset, absent when it does not set
   * @param polar none, day (the sun stays up) or night (it stays down)
   * @param daylightSeconds how long the sun is up during the local day
   * @param sunshineSeconds how long the sun shines (direct normal irradiance at least 120 W m-2,
   *     WMO), estimated from the model's direct radiation {@code fdir} when the series answers it;
   *     absent otherwise
   */
  public record SunDay(
      @JsonInclude(JsonInclude.Include.NON_NULL) OffsetDateTime sunrise,
      @JsonInclude(JsonInclude.Include.NON_NULL) OffsetDateTime sunset,
      String polar,
      long daylightSeconds,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long sunshineSeconds) {}
}
