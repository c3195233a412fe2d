package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.RawHttp;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.spot.EnsembleIT;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Hostile and malformed requests, per endpoint, sent byte for byte: each is answered with its 4xx
 * as RFC 9457 problem+json (never 5xx, never the container's HTML), whether Spotcast or the servlet
 * container refuses it.
 */
class HostileInputIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A Java class or library in an answer: a qualified name, a stack frame or the JSON library's
   * words.
   */
  private static final Pattern INTERNALS =
      Pattern.compile(
          "com\\.fasterxml|java\\.(lang|util|io)|dev\\.spotcast|org\\.(apache|springframework)|\\bat [a-z]+\\.[a-z]+\\."
              + "|DeserializationFeature|Exception\\b");

  private static final String M = SpotApiIT.MODEL;
  private static final String SPOT =
      "/v1/spot?model=" + M + "&lat=45.5&lon=5.25&alt=750&time=2026-11-21T04:20:00Z";
  private static final String SERIES = "/v1/series?model=" + M + "&lat=45.5&lon=5.25&alt=750";
  private static final String EDR = "/edr/collections/" + M + "/position";
  private static final String BATCH_POINT =
      "{\"lat\":45.5,\"lon\":5.25,\"alt\":750,\"time\":\"2026-11-21T04:20:00Z\"}";

  @LocalServerPort private int port;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void runIsServed() throws Exception {
    RunFixtures.spotRunServed(client, publishedRuns);
  }

  private record Case(String name, int status, String parameter, RawHttp.Response response) {}

  private final List<Case> cases = new ArrayList<>();

  private void expect(String name, int status, String parameter, RawHttp.Response response) {
    cases.add(new Case(name, status, parameter, response));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void everyHostileRequestIsAProblemWithItsStatus() throws Exception {
    String longQuery = "x".repeat(9000);
    // Refused by the servlet container before Spotcast sees them.
    expect("request line over 8 KB", 400, null, RawHttp.get(port, SPOT + "&pad=" + longQuery));
    expect("header over 8 KB", 400, null, RawHttp.get(port, SPOT, "X-Pad: " + longQuery));
    expect("encoded slash", 400, null, RawHttp.get(port, "/v1/spot%2F..%2Factuator?lat=1"));
    expect("encoded backslash", 400, null, RawHttp.get(port, "/v1/%5Cspot"));
    expect("encoded NUL", 400, null, RawHttp.get(port, "/v1/spot%00"));
    expect(
        "bad percent escape in the query",
        400,
        "model",
        RawHttp.get(port, "/v1/spot?model=%ZZ&lat=1"));
    expect(
        "bad percent escape in the path", 400, null, RawHttp.get(port, "/v1/sp%ZZot?model=" + M));
    expect("percent sign at the end of the path", 400, null, RawHttp.get(port, "/v1/spot%"));
    expect("unknown path", 404, null, RawHttp.get(port, "/v1/nowhere"));
    expect(
        "method not allowed",
        405,
        null,
        RawHttp.send(port, "DELETE " + SPOT + " HTTP/1.1\r\nHost: x", null));
    expect(
        "answer type nobody serves", 406, null, RawHttp.get(port, SPOT, "Accept: application/xml"));

    // Query parameters.
    String place = "&lat=45.5&lon=5.25&alt=750&time=2026-11-21T04:20:00Z";
    expect("no model", 400, "model", RawHttp.get(port, "/v1/spot?" + place.substring(1)));
    expect("empty model", 400, "model", RawHttp.get(port, "/v1/spot?model=" + place));
    expect(
        "bad percent escape in the model",
        400,
        "model",
        RawHttp.get(port, "/v1/spot?model=%ZZ" + place));
    expect(
        "escape that is not UTF-8", 400, "model", RawHttp.get(port, "/v1/spot?model=%FF" + place));
    expect(
        "bad percent escape in a parameter name",
        400,
        "query",
        RawHttp.get(port, SPOT + "&para%ZZms=t"));
    expect("percent sign ending a value", 400, "params", RawHttp.get(port, SPOT + "&params=t%"));
    // Names are found in any case (DWD's ASWDIR_S as aswdir_s): an unknown one in upper case, or
    // one whose case folding is not ASCII's (the dotted capital I), is still a 400 naming params.
    expect("unknown upper-case name", 400, "params", RawHttp.get(port, SPOT + "&params=NOPE_S"));
    expect(
        "a name that folds outside ASCII",
        400,
        "params",
        RawHttp.get(port, SPOT + "&params=%C4%B0"));
    expect(
        "no model on the series",
        400,
        "model",
        RawHttp.get(port, "/v1/series?lat=45.5&lon=5.25&alt=750"));
    expect(
        "bad percent escape in models",
        400,
        "models",
        RawHttp.get(port, "/v1/spot?models=" + M + ",%ZZ" + place));
    expect("model and models", 400, "models", RawHttp.get(port, SPOT + "&models=" + M));
    expect(
        "an ensemble statistic of no model",
        400,
        "model",
        RawHttp.get(port, "/v1/spot?ensemble=mean" + place));
    expect(
        "bad percent escape in EDR coords",
        400,
        "coords",
        RawHttp.get(port, EDR + "?coords=POINT(5%ZZ)"));
    expect("bad percent escape on the models", 400, "f", RawHttp.get(port, "/v1/models?f=%G1"));
    expect("lat given twice", 400, "lat", RawHttp.get(port, SPOT + "&lat=46"));
    expect("period not a duration", 400, "period", RawHttp.get(port, SPOT + "&period=soon"));
    expect("period of no time", 400, "period", RawHttp.get(port, SPOT + "&period=0h"));
    expect("period of a year", 400, "period", RawHttp.get(port, SPOT + "&period=365d"));
    expect("negative period", 400, "period", RawHttp.get(port, SPOT + "&period=PT-1H"));
    expect("huge period", 400, "period", RawHttp.get(port, SPOT + "&period=99999999999999h"));
    expect("empty period", 200, null, RawHttp.get(port, SPOT + "&period="));
    expect("period given twice", 400, "period", RawHttp.get(port, SPOT + "&period=1h&period=3h"));
    expect(
        "period on a series not a duration",
        400,
        "period",
        RawHttp.get(port, "/v1/series?model=" + M + "&lat=45.5&lon=5.25&alt=750&period=x"));
    expect(
        "coords with text after the point",
        400,
        "coords",
        RawHttp.get(
            port, EDR + "?coords=POINT(5.25%2045.5)garbage&z=750&datetime=2026-11-21T04:20:00Z"));
    expect(
        "coords given twice",
        400,
        "coords",
        RawHttp.get(
            port,
            EDR + "?coords=POINT(5.25%2045.5)&coords=POINT(6%2045)&datetime=2026-11-21T04:20:00Z"));
    // The EDR request forms the OGC suite asks for: no z (every level), datetime intervals on
    // areas and trajectories, bbox as an array, the landing page and API definition at the base.
    String edr = "/edr/collections/" + M;
    String square = "coords=POLYGON((-2%2044,0%2044,0%2046,-2%2046,-2%2044))";
    expect("EDR position without coords", 400, "coords", RawHttp.get(port, EDR + "?z=750"));
    expect("EDR area without coords", 400, "coords", RawHttp.get(port, edr + "/area?z=500"));
    expect("EDR trajectory without coords", 400, "coords", RawHttp.get(port, edr + "/trajectory"));
    expect("EDR cube without bbox", 400, "bbox", RawHttp.get(port, edr + "/cube"));
    expect("EDR cube with an empty bbox", 400, "bbox", RawHttp.get(port, edr + "/cube?bbox="));
    expect(
        "EDR cube bbox of three numbers", 400, "bbox", RawHttp.get(port, edr + "/cube?bbox=1,2,3"));
    expect(
        "EDR cube bbox of six numbers",
        400,
        "bbox",
        RawHttp.get(port, edr + "/cube?bbox=1,2,0,3,4,100"));
    expect(
        "EDR cube bbox given twice",
        400,
        "bbox",
        RawHttp.get(port, edr + "/cube?bbox=-2,44,0,46&bbox=1,2,3,4"));
    expect("EDR cube bbox not numbers", 400, "bbox", RawHttp.get(port, edr + "/cube?bbox=a,b,c,d"));
    expect(
        "EDR area interval reversed",
        400,
        "datetime",
        RawHttp.get(
            port,
            edr + "/area?z=500&" + square + "&datetime=2026-11-21T03:00:00Z/2026-11-21T01:00:00Z"));
    expect(
        "EDR area interval of two open ends",
        400,
        "datetime",
        RawHttp.get(port, edr + "/area?z=500&" + square + "&datetime=../.."));
    expect(
        "EDR area interval without a zone",
        400,
        "datetime",
        RawHttp.get(port, edr + "/area?z=500&" + square + "&datetime=2026-11-21T01:00:00/.."));
    expect(
        "EDR area interval with no step inside",
        422,
        "datetime",
        RawHttp.get(port, edr + "/area?z=500&" + square + "&datetime=2030-01-01T00:00:00Z/.."));
    expect(
        "EDR area over every step and level, too many values",
        413,
        "datetime",
        RawHttp.get(
            port, edr + "/area?parameter-name=t&" + square + "&datetime=../2030-01-01T00:00:00Z"));
    expect(
        "EDR area without z over an interval",
        200,
        null,
        RawHttp.get(
            port,
            edr
                + "/area?parameter-name=t&"
                + square
                + "&datetime=2026-11-21T01:00:00Z/2026-11-21T02:00:00Z"));
    expect(
        "EDR trajectory interval with a bad end",
        400,
        "datetime",
        RawHttp.get(
            port,
            edr
                + "/trajectory?coords=LINESTRING(-2%2044,0%2046)&datetime=2026-11-21T01:00:00Z/soon"));
    expect(
        "EDR trajectory interval given with M",
        400,
        "datetime",
        RawHttp.get(
            port,
            edr
                + "/trajectory?coords=LINESTRINGM(-2%2044%201763686800,0%2046%201763690400)"
                + "&datetime=2026-11-21T01:00:00Z/.."));
    expect(
        "EDR position without z, an unknown parameter",
        400,
        "parameter-name",
        RawHttp.get(port, EDR + "?coords=POINT(5.25%2045.5)&parameter-name=t,nosuch"));
    expect(
        "EDR location not configured", 404, "locId", RawHttp.get(port, edr + "/locations/nowhere"));
    expect(
        "EDR location with a bad percent escape",
        400,
        null,
        RawHttp.get(port, edr + "/locations/%ZZ"));
    expect("EDR locations in CSV", 400, "f", RawHttp.get(port, edr + "/locations?f=csv"));
    expect(
        "EDR location with a bad datetime",
        400,
        "datetime",
        RawHttp.get(port, edr + "/locations/porto?datetime=2026-11-21T01:00:00Z/soon"));
    expect(
        "EDR location with a bad z", 400, "z", RawHttp.get(port, edr + "/locations/porto?z=high"));
    expect(
        "EDR landing page asked with f=json, as the OGC suite does",
        200,
        null,
        RawHttp.get(port, "/edr/?f=json"));
    expect(
        "EDR API definition asked as XML",
        406,
        null,
        RawHttp.get(port, "/edr/api", "Accept: application/xml"));
    expect(
        "multipart GET without boundary",
        400,
        "time",
        RawHttp.get(
            port,
            "/v1/spot?model=" + M + "&lat=45.5&lon=5.25",
            "Content-Type: multipart/form-data"));
    expect(
        "multipart GET without boundary on the models",
        200,
        null,
        RawHttp.get(port, "/v1/models", "Content-Type: multipart/form-data"));

    // POST bodies.
    String valid = "{\"model\":\"" + M + "\",\"points\":[" + BATCH_POINT + "]}";
    expect(
        "valid batch", 200, null, RawHttp.post(port, "/v1/spot", "application/json", bytes(valid)));
    expect(
        "body as XML",
        415,
        null,
        RawHttp.post(port, "/v1/spot", "application/xml", bytes("<points/>")));
    expect(
        "malformed content type",
        415,
        null,
        RawHttp.post(port, "/v1/spot", "application/", bytes(valid)));
    expect("no content type", 415, null, RawHttp.post(port, "/v1/spot", null, bytes(valid)));
    expect(
        "text after the JSON",
        400,
        null,
        RawHttp.post(port, "/v1/spot", "application/json", bytes(valid + " {}")));
    expect(
        "two JSON objects",
        400,
        null,
        RawHttp.post(port, "/v1/spot", "application/json", bytes(valid + valid)));
    expect(
        "a batch without a model",
        400,
        "model",
        RawHttp.post(
            port,
            "/v1/spot",
            "application/json",
            bytes("{\"member\":1,\"points\":[" + BATCH_POINT + "]}")));
    expect(
        "a JSON array",
        400,
        "points",
        RawHttp.post(port, "/v1/spot", "application/json", bytes("[" + valid + "]")));
    expect(
        "a JSON string",
        400,
        "points",
        RawHttp.post(port, "/v1/spot", "application/json", bytes("\"x\"")));
    expect(
        "a member twice",
        400,
        null,
        RawHttp.post(
            port,
            "/v1/spot",
            "application/json",
            bytes(
                "{\"model\":\"" + M + "\",\"model\":\"other\",\"points\":[" + BATCH_POINT + "]}")));
    expect(
        "an unknown member",
        400,
        "modle",
        RawHttp.post(
            port,
            "/v1/spot",
            "application/json",
            bytes("{\"modle\":\"" + M + "\",\"points\":[" + BATCH_POINT + "]}")));
    expect(
        "an unknown member of a point",
        400,
        "points[0].altitude",
        RawHttp.post(
            port,
            "/v1/spot",
            "application/json",
            bytes(
                "{\"model\":\""
                    + M
                    + "\",\"points\":[{\"lat\":45.5,\"lon\":5.25,\"altitude\":750,\"time\":\"2026-11-21T04:20:00Z\"}]}")));
    expect(
        "truncated JSON",
        400,
        null,
        RawHttp.post(port, "/v1/spot", "application/json", bytes("{\"model\":")));
    byte[] big = new byte[2 * 1024 * 1024];
    Arrays.fill(big, (byte) ' ');
    expect(
        "body over the limit", 413, null, RawHttp.post(port, "/v1/spot", "application/json", big));
    expect(
        "chunked body over the limit",
        413,
        null,
        RawHttp.send(
            port,
            "POST /v1/spot HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked",
            chunked(big)));
    StringBuilder manyParams = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      manyParams.append(i == 0 ? "" : ",").append('p').append(i);
    }
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      points.append(i == 0 ? "" : ",").append(BATCH_POINT);
    }
    long started = System.nanoTime();
    expect(
        "1000 points x 2000 unknown params",
        400,
        "params",
        RawHttp.post(
            port,
            "/v1/spot",
            "application/json",
            bytes(
                "{\"model\":\""
                    + M
                    + "\",\"params\":\""
                    + manyParams
                    + "\",\"points\":["
                    + points
                    + "]}")));
    System.out.printf(
        "1000 points x 2000 unknown params answered in %.3f s%n",
        (System.nanoTime() - started) / 1e9);

    List<String> wrong = new ArrayList<>();
    for (Case c : cases) {
      RawHttp.Response r = c.response();
      boolean problem = r.contentType().startsWith("application/problem+json");
      String parameter = null;
      if (problem) {
        JsonNode body = JSON.readTree(r.body());
        parameter = body.path("parameter").isMissingNode() ? null : body.path("parameter").asText();
        if (body.path("status").asInt() != r.status()) {
          wrong.add(
              c.name() + ": problem status " + body.path("status") + " but HTTP " + r.status());
        }
      }
      if (INTERNALS.matcher(r.body()).find()) {
        wrong.add(c.name() + ": the answer names internals: " + r.body());
      }
      if (r.status() != c.status()
          || (c.status() >= 400 && !problem)
          || (c.parameter() != null && !c.parameter().equals(parameter))) {
        wrong.add(
            c.name()
                + ": "
                + r.status()
                + " "
                + r.contentType()
                + " parameter="
                + parameter
                + " (expected "
                + c.status()
                + (c.parameter() == null ? "" : " naming " + c.parameter())
                + ") "
                + r.body().substring(0, Math.min(200, r.body().length())));
      }
    }
    assertThat(wrong).as("answers that are not the expected problem").isEmpty();
  }

  /**
   * Open-Meteo's API refuses as Open-Meteo does: 400 with {@code {"error": true, "reason": ...}} as
   * application/json, never a 5xx and never internals; repeated parameters are lists there. Every
   * parameter of /v1/forecast and /v1/ensemble (one parser reads both) is sent missing or malformed
   * to both, by GET and as a form body.
   */
  @Test
  void openMeteoRequestsAreRefusedAsOpenMeteoDoes() throws Exception {
    EnsembleIT.serve(client, publishedRuns);
    String day = "&start_date=2026-11-21&end_date=2026-11-21";
    StringBuilder unknown = new StringBuilder();
    for (int i = 0; i < 500; i++) {
      unknown.append(i == 0 ? "" : ",").append('v').append(i);
    }
    StringBuilder places = new StringBuilder();
    for (int i = 0; i < 101; i++) {
      places.append(i == 0 ? "" : ",").append(45);
    }
    StringBuilder models = new StringBuilder();
    for (int i = 0; i < 11; i++) {
      models.append(i == 0 ? "" : ",").append(M).append(i);
    }
    // The query strings, PLACE standing for a place and model (ensemble) the endpoint answers.
    String[][] parameters = {
      {"no latitude", "longitude=5.25"},
      {"no longitude", "latitude=45.5"},
      {"no place at all", ""},
      {"empty latitude", "latitude=&longitude=5.25"},
      {"empty longitude", "latitude=45.5&longitude="},
      {"latitude not a number", "latitude=north&longitude=5.25"},
      {"longitude not a number", "latitude=45.5&longitude=east"},
      {"latitude nan", "latitude=nan&longitude=5.25"},
      {"longitude nan", "latitude=45.5&longitude=NaN"},
      {"latitude infinite", "latitude=1e999&longitude=5.25"},
      {"latitude hex", "latitude=0x1p3&longitude=5.25"},
      {"latitude out of range", "latitude=-90.5&longitude=5.25"},
      {"longitude out of range", "latitude=45&longitude=540"},
      {"an empty list element", "latitude=45,,46&longitude=5,6,7"},
      {"lists of different lengths", "latitude=45,46&longitude=5.25"},
      {"101 places", "latitude=" + places + "&longitude=" + places},
      {"unknown hourly variable", "PLACE&hourly=temperature_2m,rain_in_spain"},
      {"unknown daily variable", "PLACE&daily=temperature_2m"},
      {"unknown current variable", "PLACE&current=sunrise"},
      {"unknown minutely_15 variable", "PLACE&minutely_15=sunset"},
      {"a variable outside ASCII", "PLACE&hourly=%C4%B0"},
      {"500 unknown variables", "PLACE&hourly=" + unknown},
      {"pressure level of none", "PLACE&hourly=temperature_5hPa"},
      {"11 models", "latitude=45.5&longitude=5.25&models=" + models},
      {"bad timezone", "PLACE&timezone=Mars%2FOlympus_Mons"},
      {"timezone of a path", "PLACE&timezone=..%2F..%2Fetc%2Fpasswd"},
      {"forecast_days too many", "PLACE&forecast_days=17"},
      {"forecast_days huge", "PLACE&forecast_days=99999999999999999999"},
      {"forecast_days not a number", "PLACE&forecast_days=seven"},
      {"forecast_days a fraction", "PLACE&forecast_days=1.5"},
      {"past_days negative", "PLACE&past_days=-1"},
      {"past_days too many", "PLACE&past_days=93"},
      {"past_days twice", "PLACE&past_days=1&past_days=2"},
      {"start_date alone", "PLACE&start_date=2026-11-21"},
      {"end_date alone", "PLACE&end_date=2026-11-21"},
      {"start_date not a date", "PLACE&start_date=yesterday&end_date=2026-11-21"},
      {"end_date not a date", "PLACE&start_date=2026-11-21&end_date=2026-13-01"},
      {"end before start", "PLACE&start_date=2026-11-21&end_date=2026-11-20"},
      {"a century of days", "PLACE&start_date=1926-11-21&end_date=2026-11-21"},
      {"start_hour not a time", "PLACE&start_hour=noon&end_hour=2026-11-21T12:00"},
      {"end_hour not a time", "PLACE&start_hour=2026-11-21T00:00&end_hour=25:00"},
      {"start_hour alone", "PLACE&start_hour=2026-11-21T00:00"},
      {"end_hour alone", "PLACE&end_hour=2026-11-21T00:00"},
      {"end_hour before start_hour", "PLACE&start_hour=2026-11-21T12:00&end_hour=2026-11-21T11:00"},
      {"unknown temperature unit", "PLACE&temperature_unit=kelvin"},
      {"unknown wind unit", "PLACE&wind_speed_unit=furlongs"},
      {"unknown wind unit, its older name", "PLACE&windspeed_unit=furlongs"},
      {"unknown precipitation unit", "PLACE&precipitation_unit=cubits"},
      {"two temperature units", "PLACE&temperature_unit=celsius,fahrenheit"},
      {"unknown time format", "PLACE&timeformat=roman"},
      {"unknown format", "PLACE&format=xml"},
      {"two formats", "PLACE&format=json&format=csv"},
      {"format xlsx", "PLACE&format=xlsx"},
      {"elevation not a number", "PLACE&elevation=high"},
      {"elevation in orbit", "PLACE&elevation=400000"},
      {"elevations not one per place", "latitude=45,46&longitude=5,6&elevation=1,2,3"},
      {"cell_selection unknown", "PLACE&cell_selection=moon"},
    };
    String[][] endpoints = {
      {"/v1/forecast", "latitude=45.5&longitude=5.25&models=" + M},
      {"/v1/ensemble", "latitude=41.3&longitude=-7.6&models=" + EnsembleIT.MODEL},
    };
    List<String[]> refused = new ArrayList<>();
    for (String[] endpoint : endpoints) {
      for (String[] c : parameters) {
        String query = c[1].replace("PLACE", endpoint[1]);
        refused.add(new String[] {endpoint[0] + ", " + c[0], endpoint[0] + "?" + query, query});
      }
    }
    String[][] either = {
      {"unknown model", "/v1/forecast?latitude=45.5&longitude=5.25&models=nope"},
      {"an ensemble that is none", "/v1/ensemble?latitude=45.5&longitude=5.25&models=" + M},
      {"an unknown ensemble", "/v1/ensemble?latitude=41.3&longitude=-7.6&models=nope"},
      {"an ensemble without a place", "/v1/ensemble?models=" + M},
      {"an ensemble's unknown variable", "/v1/ensemble?latitude=45&longitude=5&hourly=nope"},
      {
        "no ensemble covers the place",
        "/v1/ensemble?latitude=-80&longitude=5.25&hourly=temperature_2m"
      },
      {
        "outside the ensemble's grid",
        "/v1/ensemble?latitude=-80&longitude=5.25&models="
            + EnsembleIT.MODEL
            + day
            + "&hourly=temperature_2m"
      },
      {
        "outside the model's grid",
        "/v1/forecast?latitude=-80&longitude=5.25&models=" + M + day + "&hourly=temperature_2m"
      },
      {
        "outside the model's grid, quarter hours",
        "/v1/forecast?latitude=-80&longitude=5.25&models=" + M + day + "&minutely_15=temperature_2m"
      },
      {
        "outside the model's grid, now",
        "/v1/forecast?latitude=-80&longitude=5.25&models=" + M + "&current=temperature_2m"
      },
      {
        "a blend's unknown variable", "/v1/forecast?latitude=45&longitude=5&models=itblend&hourly=x"
      },
    };
    for (String[] c : either) {
      refused.add(new String[] {c[0], c[1], null});
    }
    List<String> wrong = new ArrayList<>();
    for (String[] c : refused) {
      check(wrong, c[0], RawHttp.get(port, c[1]));
      if (c[2] != null) {
        // the same parameters as the official clients' POST sends them: a form body
        String path = c[1].substring(0, c[1].indexOf('?'));
        check(
            wrong,
            c[0] + " (form body)",
            RawHttp.post(port, path, "application/x-www-form-urlencoded", bytes(c[2])));
      }
    }
    // Dates and hours at the ends of what a date can be: an answer (nulls) or the error, never 5xx.
    String[] ends = {
      "&start_date=%2B999999999-12-31&end_date=%2B999999999-12-31",
      "&start_date=-999999999-01-01&end_date=-999999999-01-01",
      "&start_date=0000-01-01&end_date=0000-01-01",
      "&start_date=9999-12-31&end_date=9999-12-31",
      "&start_hour=9999-12-31T23:00&end_hour=9999-12-31T23:00",
      "&start_hour=%2B999999999-12-31T23:00&end_hour=%2B999999999-12-31T23:00",
      "&start_hour=-999999999-01-01T00:00&end_hour=-999999999-01-01T00:00",
    };
    for (String[] endpoint : endpoints) {
      for (String end : ends) {
        String target =
            endpoint[0]
                + "?"
                + endpoint[1]
                + end
                + "&hourly=temperature_2m&daily=temperature_2m_max";
        RawHttp.Response r = RawHttp.get(port, target);
        if (r.status() != 200) {
          check(wrong, target, r);
        }
      }
    }
    // Repeated parameters are lists; the synthetic model's 2 m temperature is its t at 2 m.
    RawHttp.Response repeated =
        RawHttp.get(
            port,
            "/v1/forecast?latitude=45.5&latitude=45&longitude=5.25&longitude=5&models="
                + M
                + day
                + "&hourly=temperature_2m&hourly=wind_speed_10m&timezone=Europe%2FParis");
    if (repeated.status() != 200) {
      wrong.add("repeated parameters: " + repeated.status() + " " + repeated.body());
    } else {
      JsonNode answers = JSON.readTree(repeated.body());
      if (!answers.isArray()
          || answers.size() != 2
          || answers.get(0).path("hourly").path("temperature_2m").get(4).isNull()) {
        wrong.add("repeated parameters: " + repeated.body());
      }
    }
    // A blend none of whose members answers there, or then: nulls, not an error.
    RawHttp.Response blend =
        RawHttp.get(
            port,
            "/v1/forecast?latitude=-80&longitude=5.25&models=itblend"
                + day
                + "&hourly=temperature_2m,precipitation&minutely_15=temperature_2m"
                + "&current=temperature_2m&daily=temperature_2m_max,precipitation_sum"
                + "&format=flatbuffers");
    if (blend.status() != 200) {
      wrong.add("a blend that cannot answer: " + blend.status() + " " + blend.body());
    }
    assertThat(wrong).as("Open-Meteo requests not refused as Open-Meteo does").isEmpty();
  }

  /** Whether an answer is Open-Meteo's error; what is wrong with it, added to {@code wrong}. */
  private static void check(List<String> wrong, String name, RawHttp.Response r) throws Exception {
    String failure = null;
    if (r.status() != 400 || !r.contentType().startsWith("application/json")) {
      failure = r.status() + " " + r.contentType();
    } else {
      JsonNode body = JSON.readTree(r.body());
      if (!body.path("error").asBoolean() || body.path("reason").asText().isBlank()) {
        failure = "not Open-Meteo's error";
      } else if (INTERNALS.matcher(r.body()).find()) {
        failure = "names internals";
      }
    }
    if (failure != null) {
      wrong.add(
          name + ": " + failure + " " + r.body().substring(0, Math.min(200, r.body().length())));
    }
  }

  private static byte[] chunked(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int at = 0; at < body.length; at += 65536) {
      int n = Math.min(65536, body.length - at);
      out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.write(body, at, n);
      out.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
    }
    out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
    return out.toByteArray();
  }
}
