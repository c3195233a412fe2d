package dev.spotcast.query.openmeteo;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Open-Meteo's forecast API ({@code /v1/forecast}) over Spotcast's own models, so that the clients
 * people already use for Open-Meteo read Spotcast's forecasts: the parameters, variable names,
 * units and errors as Open-Meteo documents them (docs/api.md, "Open-Meteo's API").
 */
@RestController
public class OpenMeteoController {

  static final String PATH = "/v1/forecast";

  static final String ENSEMBLE_PATH = "/v1/ensemble";

  static final String DESCRIPTION =
      "Open-Meteo's forecast API over Spotcast's models: latitude and longitude (comma lists for several"
          + " places: the answer is then a JSON array), hourly=, daily= and current= with Open-Meteo's"
          + " variable names (repeated or comma-separated), models (default: the first model whose grid"
          + " covers the place; several add _MODEL to each variable), timezone (GMT default, auto, or an"
          + " IANA name), forecast_days, past_days, start_date/end_date, start_hour/end_hour, units and"
          + " timeformat. Each hourly (and minutely_15) value is what GET /v1/spot answers at that time,"
          + " interpolated in time between the run's steps, amounts over the hour (quarter hour) before it,"
          + " in the unit Open-Meteo writes; null outside the run; a variable the model cannot make is"
          + " null. latitude and longitude answered are the nearest grid point's, as Open-Meteo names its"
          + " grid cell. Errors are 400 {\"error\": true, \"reason\": ...} as Open-Meteo writes"
          + " them. POST takes the same parameters as a form body.";

  private final OpenMeteoForecast forecast;

  public OpenMeteoController(OpenMeteoForecast forecast) {
    this.forecast = forecast;
  }

  @Operation(
      summary = "Open-Meteo forecast API",
      description = DESCRIPTION,
      parameters = {
        @Parameter(
            name = "latitude",
            in = ParameterIn.QUERY,
            required = true,
            description = "degrees north, [-90, 90]; a comma list for several places",
            example = "52.52",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "longitude",
            in = ParameterIn.QUERY,
            required = true,
            description = "degrees east, [-180, 180]; as many as latitude",
            example = "13.41",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "hourly",
            in = ParameterIn.QUERY,
            description =
                "Open-Meteo variable names: temperature_2m, relative_humidity_2m, dew_point_2m,"
                    + " apparent_temperature, precipitation, snowfall, weather_code, cloud_cover,"
                    + " pressure_msl, surface_pressure, wind_speed_10m, wind_direction_10m,"
                    + " wind_gusts_10m, is_day, shortwave_radiation, direct_radiation, cape,"
                    + " visibility, temperature_850hPa (any level)...",
            example = "temperature_2m,precipitation",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "daily",
            in = ParameterIn.QUERY,
            description =
                "temperature_2m_max, temperature_2m_min, temperature_2m_mean,"
                    + " apparent_temperature_max/_min, precipitation_sum, snowfall_sum,"
                    + " precipitation_hours, weather_code, wind_speed_10m_max, wind_gusts_10m_max,"
                    + " sunrise, sunset, daylight_duration, sunshine_duration",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "current",
            in = ParameterIn.QUERY,
            description = "hourly variable names, answered at the current quarter hour",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "minutely_15",
            in = ParameterIn.QUERY,
            description =
                "hourly variable names on a 15-minute axis, interpolated in time as the hours are",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "models",
            in = ParameterIn.QUERY,
            description =
                "Spotcast model ids or blends (/v1/models); best_match or none: the first covering",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "elevation",
            in = ParameterIn.QUERY,
            description = "m above sea level per place, or nan",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "cell_selection",
            in = ParameterIn.QUERY,
            schema =
                @Schema(
                    type = "string",
                    allowableValues = {"land", "sea", "nearest"})),
        @Parameter(
            name = "timezone",
            in = ParameterIn.QUERY,
            description = "GMT (default), auto, or an IANA name",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "forecast_days",
            in = ParameterIn.QUERY,
            description = "0..16, default 7",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "past_days",
            in = ParameterIn.QUERY,
            description = "0..92, default 0",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "start_date",
            in = ParameterIn.QUERY,
            description = "yyyy-mm-dd, with end_date",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "end_date",
            in = ParameterIn.QUERY,
            description = "yyyy-mm-dd, with start_date",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "start_hour",
            in = ParameterIn.QUERY,
            description = "yyyy-mm-ddThh:mm local, with end_hour: the hourly answer's first hour",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "end_hour",
            in = ParameterIn.QUERY,
            description = "yyyy-mm-ddThh:mm local, with start_hour: its last hour",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "temperature_unit",
            in = ParameterIn.QUERY,
            schema =
                @Schema(
                    type = "string",
                    allowableValues = {"celsius", "fahrenheit"})),
        @Parameter(
            name = "wind_speed_unit",
            in = ParameterIn.QUERY,
            schema =
                @Schema(
                    type = "string",
                    allowableValues = {"kmh", "ms", "mph", "kn"})),
        @Parameter(
            name = "precipitation_unit",
            in = ParameterIn.QUERY,
            schema =
                @Schema(
                    type = "string",
                    allowableValues = {"mm", "inch"})),
        @Parameter(
            name = "timeformat",
            in = ParameterIn.QUERY,
            schema =
                @Schema(
                    type = "string",
                    allowableValues = {"iso8601", "unixtime"})),
        @Parameter(
            name = "format",
            in = ParameterIn.QUERY,
            description =
                "json (default), csv, or flatbuffers (Open-Meteo's SDKs); xlsx is not served (400)",
            schema = @Schema(type = "string"))
      },
      responses = {
        @ApiResponse(
            responseCode = "200",
            description =
                "one place: an object; several: an array of them, in order; with"
                    + " format=flatbuffers a size-prefixed WeatherApiResponse per place",
            content = {
              @Content(mediaType = MediaType.APPLICATION_JSON_VALUE),
              @Content(
                  mediaType = MediaType.APPLICATION_OCTET_STREAM_VALUE,
                  schema = @Schema(type = "string", format = "binary")),
              @Content(mediaType = "text/csv", schema = @Schema(type = "string"))
            }),
        @ApiResponse(
            responseCode = "400",
            description = "a parameter is missing or wrong; reason says which",
            content =
                @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE,
                    schema = @Schema(implementation = OpenMeteoErrors.Error.class)))
      })
  @GetMapping(
      path = PATH,
      produces = {
        MediaType.APPLICATION_JSON_VALUE,
        MediaType.APPLICATION_OCTET_STREAM_VALUE,
        "text/csv"
      })
  public Object forecast(HttpServletRequest request) {
    return answer(request.getParameterMap());
  }

  @Operation(
      summary = "Open-Meteo forecast API, parameters in a form body",
      description =
          "As GET /v1/forecast, the parameters sent as application/x-www-form-urlencoded.",
      responses = {
        @ApiResponse(
            responseCode = "200",
            description = "as GET",
            content = {
              @Content(mediaType = MediaType.APPLICATION_JSON_VALUE),
              @Content(
                  mediaType = MediaType.APPLICATION_OCTET_STREAM_VALUE,
                  schema = @Schema(type = "string", format = "binary")),
              @Content(mediaType = "text/csv", schema = @Schema(type = "string"))
            }),
        @ApiResponse(
            responseCode = "400",
            description = "a parameter is missing or wrong; reason says which",
            content =
                @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE,
                    schema = @Schema(implementation = OpenMeteoErrors.Error.class)))
      })
  @PostMapping(
      path = PATH,
      consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE,
      produces = {
        MediaType.APPLICATION_JSON_VALUE,
        MediaType.APPLICATION_OCTET_STREAM_VALUE,
        "text/csv"
      })
  public Object forecastForm(HttpServletRequest request) {
    return answer(request.getParameterMap());
  }

  @Operation(
      summary = "Open-Meteo ensemble API",
      description =
          "As GET /v1/forecast, for an ensemble (listed under ensembles in /v1/models; models= names"
              + " it, default the first whose grid covers the place): every variable of every member,"
              + " the control's under the variable's name, the others as NAME_memberNN (in FlatBuffers"
              + " with ensemble_member set), all from the newest run every member serves.",
      parameters = {
        @Parameter(
            name = "latitude",
            in = ParameterIn.QUERY,
            required = true,
            description = "degrees north, [-90, 90]; a comma list for several places",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "longitude",
            in = ParameterIn.QUERY,
            required = true,
            description = "degrees east, [-180, 180]; as many as latitude",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "models",
            in = ParameterIn.QUERY,
            description = "ensemble names",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "hourly",
            in = ParameterIn.QUERY,
            description = "Open-Meteo variable names, as on /v1/forecast",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "daily",
            in = ParameterIn.QUERY,
            description = "Open-Meteo daily names, as on /v1/forecast",
            schema = @Schema(type = "string")),
        @Parameter(
            name = "format",
            in = ParameterIn.QUERY,
            description = "json (default), csv or flatbuffers",
            schema = @Schema(type = "string"))
      },
      responses = {
        @ApiResponse(
            responseCode = "200",
            description = "as /v1/forecast, with every member",
            content = {
              @Content(mediaType = MediaType.APPLICATION_JSON_VALUE),
              @Content(
                  mediaType = MediaType.APPLICATION_OCTET_STREAM_VALUE,
                  schema = @Schema(type = "string", format = "binary")),
              @Content(mediaType = "text/csv", schema = @Schema(type = "string"))
            }),
        @ApiResponse(
            responseCode = "400",
            description = "a parameter is missing or wrong; reason says which",
            content =
                @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE,
                    schema = @Schema(implementation = OpenMeteoErrors.Error.class)))
      })
  @GetMapping(
      path = ENSEMBLE_PATH,
      produces = {
        MediaType.APPLICATION_JSON_VALUE,
        MediaType.APPLICATION_OCTET_STREAM_VALUE,
        "text/csv"
      })
  public Object ensemble(HttpServletRequest request) {
    return answer(request.getParameterMap(), true);
  }

  @Operation(
      summary = "Open-Meteo ensemble API, parameters in a form body",
      description =
          "As GET /v1/ensemble, the parameters sent as application/x-www-form-urlencoded.",
      responses = {
        @ApiResponse(
            responseCode = "200",
            description = "as GET",
            content = {
              @Content(mediaType = MediaType.APPLICATION_JSON_VALUE),
              @Content(
                  mediaType = MediaType.APPLICATION_OCTET_STREAM_VALUE,
                  schema = @Schema(type = "string", format = "binary")),
              @Content(mediaType = "text/csv", schema = @Schema(type = "string"))
            }),
        @ApiResponse(
            responseCode = "400",
            description = "a parameter is missing or wrong; reason says which",
            content =
                @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE,
                    schema = @Schema(implementation = OpenMeteoErrors.Error.class)))
      })
  @PostMapping(
      path = ENSEMBLE_PATH,
      consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE,
      produces = {
        MediaType.APPLICATION_JSON_VALUE,
        MediaType.APPLICATION_OCTET_STREAM_VALUE,
        "text/csv"
      })
  public Object ensembleForm(HttpServletRequest request) {
    return answer(request.getParameterMap(), true);
  }

  private Object answer(Map<String, String[]> parameters) {
    return answer(parameters, false);
  }

  private Object answer(Map<String, String[]> parameters, boolean members) {
    OpenMeteoQuery query = OpenMeteoQuery.parse(parameters);
    List<Map<String, Object>> answers = forecast.answer(query, members);
    if (query.csv()) {
      return ResponseEntity.ok()
          .contentType(new MediaType("text", "csv", java.nio.charset.StandardCharsets.UTF_8))
          .body(OpenMeteoCsv.of(answers));
    }
    if (query.flatBuffers()) {
      return ResponseEntity.ok()
          .contentType(MediaType.APPLICATION_OCTET_STREAM)
          .body(OpenMeteoFlatBuffers.of(query, answers));
    }
    return answers.size() == 1 ? answers.getFirst() : answers;
  }
}
