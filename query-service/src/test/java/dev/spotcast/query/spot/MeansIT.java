package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.testsupport.CfIntervals;
import dev.spotcast.testsupport.IntervalMessages;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * Means as the centres write them, written by ecCodes, loaded and answered through the service and
 * Elasticsearch: DWD's radiation as means since the run's start (under ecCodes' upper-case name),
 * GFS's averages and amounts in windows restarting every 6 h with no field at f000 (a time inside
 * the first interval is answered), a GRIB1 average (time range indicator 3) and a CF NetCDF mean
 * with time bounds. Expected values are worked out by hand at the grid point 50 N 10 E.
 */
class MeansIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ICON = "it_icon_means";
  private static final String GFS = "it_gfs_means";
  private static final String GRIB1 = "it_grib1_means";
  private static final String NETCDF = "it_netcdf_means";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  private static IntervalMessages mean(
      int edition, String centre, String name, int start, int end, double value) {
    return new IntervalMessages(
        edition, centre, name, "avg", start, end, "h", new double[] {value, 0, 0, 0, 0, 0});
  }

  @BeforeEach
  void runsAreServed() throws Exception {
    // ICON's ASWDIR_S, W m-2 since the start: 100 over 0-1 h, 150 over 0-2, 200 over 0-3, 250 over
    // 0-6: hour by hour 100, 200, 300, then 300 over 3-6 h.
    List<IntervalMessages> icon = new ArrayList<>();
    int[] iconEnds = {1, 2, 3, 6};
    double[] iconMeans = {100, 150, 200, 250};
    for (int i = 0; i < iconEnds.length; i++) {
      icon.add(mean(2, "edzw", "ASWDIR_S", 0, iconEnds[i], iconMeans[i]));
    }
    // GFS hourly, windows 0-1 .. 0-6 then 6-7, 6-8, nothing at f000: DSWRF (avg_sdswrf) means
    // 20, 30, 60, 100, 150, 200 | 400, 600, hour by hour 20, 40, 120, 220, 350, 450 | 400, 800;
    // TCDC (tcc, %) 40, 50, 60, 55, 50, 50 | 20, 30, hour by hour 40, 60, 80, 40, 30, 50 | 20, 40;
    // APCP 1 kg m-2 an hour to 6 h, then 2.
    List<IntervalMessages> gfs = new ArrayList<>();
    int[][] windows = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {6, 7}, {6, 8}};
    double[] dswrf = {20, 30, 60, 100, 150, 200, 400, 600};
    double[] tcdc = {40, 50, 60, 55, 50, 50, 20, 30};
    for (int i = 0; i < windows.length; i++) {
      int[] w = windows[i];
      gfs.add(mean(2, "kwbc", "235035", w[0], w[1], dswrf[i]));
      gfs.add(mean(2, "kwbc", "228164", w[0], w[1], tcdc[i]));
      double apcp = w[0] == 0 ? w[1] : 2 * (w[1] - 6);
      gfs.add(IntervalMessages.accum("kwbc", "228228", w[0], w[1], apcp, 0, 0, 0, 0, 0));
    }
    // GRIB1 (24-bit packing), 2 m temperature averaged over 0-6 h (280 K) and 0-12 h (283 K):
    // 286 K over 6-12 h.
    List<IntervalMessages> grib1 =
        List.of(mean(1, "ecmf", "2t", 0, 6, 280), mean(1, "ecmf", "2t", 0, 12, 283));
    load(ICON, icon);
    load(GFS, gfs);
    load(GRIB1, grib1);
    // CF NetCDF, "time: mean" with time bounds: 3 over 0-6 h, 4.5 over 0-12 h: 6 over 6-12 h.
    Path nc = Files.createTempDirectory("means").resolve("means.nc");
    CfIntervals.write(nc, "mtpr", "time: mean", "kg m**-2 s**-1", 3, 4.5f);
    RunFixtures.fileServed(client, publishedRuns, NETCDF, nc);
  }

  private void load(String model, List<IntervalMessages> messages) throws Exception {
    RunFixtures.gribServed(client, publishedRuns, model, messages);
  }

  private JsonNode ok(String url) throws Exception {
    ResponseEntity<String> response = http.getForEntity(url, String.class);
    assertThat(response.getStatusCode().value()).as(url + ": " + response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody());
  }

  private JsonNode spot(String model, String time, String extra) throws Exception {
    return ok("/v1/spot?model=" + model + "&lat=50&lon=10&time=2026-11-20T" + time + "Z" + extra)
        .path("values");
  }

  @Test
  void dwdMeansSinceTheStartAreTheMeanOverTheHourBefore() throws Exception {
    JsonNode two = spot(ICON, "02:00", "&params=ASWDIR_S").path("ASWDIR_S");

    assertThat(two.path("value").asDouble()).isCloseTo(200, within(1e-3));
    assertThat(two.path("over").path("statistic").asText()).isEqualTo("mean");
    assertThat(two.path("over").path("from").asText()).isEqualTo("2026-11-20T01:00:00Z");
    assertThat(two.path("over").path("to").asText()).isEqualTo("2026-11-20T02:00:00Z");
    // 3-hourly after 3 h: the mean over 3-6 h holds 05:00.
    assertThat(spot(ICON, "05:00", "&params=ASWDIR_S").path("ASWDIR_S").path("value").asDouble())
        .isCloseTo(300, within(1e-3));
  }

  @Test
  void theDailyMeanOfMeansIsTheMeanOverTheTimeCovered() throws Exception {
    // 100 (0-1 h), 200 (1-2), 300 (2-3), 300 (3-6): over the 6 hours covered, 250 W m-2, which is
    // the mean since the start DWD wrote at 6 h.
    JsonNode day =
        ok("/v1/series?model=" + ICON + "&lat=50&lon=10&daily=ASWDIR_S:mean").path("daily").get(0);

    assertThat(day.path("values").path("ASWDIR_S").path("mean").asDouble())
        .isCloseTo(250, within(1e-3));
  }

  @Test
  void aPublishersNameIsAskedInEitherCaseAndAnsweredAsStored() throws Exception {
    JsonNode values = spot(ICON, "03:00", "&params=aswdir_s");

    assertThat(values.path("ASWDIR_S").path("value").asDouble()).isCloseTo(300, within(1e-3));
    JsonNode series = ok("/v1/series?model=" + ICON + "&lat=50&lon=10&params=aswdir_s");
    assertThat(series.path("steps").get(1).path("values").path("ASWDIR_S").path("value").asDouble())
        .isCloseTo(200, within(1e-3));
  }

  @Test
  void csvCarriesThePeriodEachValueIsOver() throws Exception {
    List<CSVRecord> series =
        csv(http.getForEntity("/v1/series?model=" + ICON + "&lat=50&lon=10&f=csv", String.class));
    assertThat(series.getFirst().values())
        .containsSubsequence("ASWDIR_S (W m-2)", "ASWDIR_S over (mean)");
    int over = series.getFirst().toList().indexOf("ASWDIR_S over (mean)");
    assertThat(series.get(2).get(over)).isEqualTo("2026-11-20T01:00:00Z/2026-11-20T02:00:00Z");
    assertThat(Double.parseDouble(series.get(2).get(over - 1))).isCloseTo(200, within(1e-3));

    // A batch: the answered point's period, the refused point's row as wide as the header.
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_JSON);
    String body =
        "{\"model\":\""
            + GFS
            + "\",\"params\":[\"tp\"],\"points\":["
            + "{\"lat\":50,\"lon\":10,\"time\":\"2026-11-20T03:00:00Z\"},"
            + "{\"lat\":80,\"lon\":10,\"time\":\"2026-11-20T03:00:00Z\"}]}";
    List<CSVRecord> batch =
        csv(
            http.exchange(
                "/v1/spot?f=csv", HttpMethod.POST, new HttpEntity<>(body, headers), String.class));
    List<String> header = batch.getFirst().toList();
    assertThat(header).containsSubsequence("tp (kg m**-2)", "tp over (sum)", "problem");
    assertThat(batch.get(1).get(header.indexOf("tp over (sum)")))
        .isEqualTo("2026-11-20T02:00:00Z/2026-11-20T03:00:00Z");
    assertThat(batch.get(2).size()).isEqualTo(header.size());
    assertThat(batch.get(2).get(header.indexOf("problem"))).contains("outside the grid");
  }

  private static List<CSVRecord> csv(ResponseEntity<String> response) throws Exception {
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    return CSVFormat.RFC4180.parse(new StringReader(response.getBody())).getRecords();
  }

  @Test
  void gfsAveragesInRestartingWindowsAreTakenApart() throws Exception {
    JsonNode steps =
        ok("/v1/series?model=" + GFS + "&lat=50&lon=10&params=avg_sdswrf,tcc").path("steps");
    double[] flux = {20, 40, 120, 220, 350, 450, 400, 800};
    double[] cloud = {40, 60, 80, 40, 30, 50, 20, 40};

    assertThat(steps.size()).isEqualTo(8);
    for (int i = 0; i < flux.length; i++) {
      JsonNode values = steps.get(i).path("values");
      assertThat(values.path("avg_sdswrf").path("value").asDouble())
          .as("avg_sdswrf at +%d h", i + 1)
          .isCloseTo(flux[i], within(1e-3));
      assertThat(values.path("tcc").path("value").asDouble())
          .as("tcc at +%d h", i + 1)
          .isCloseTo(cloud[i], within(1e-3));
      assertThat(values.path("avg_sdswrf").path("over").path("from").asText())
          .isEqualTo(String.format("2026-11-20T%02d:00:00Z", i));
    }
  }

  @Test
  void aTimeInsideTheFirstIntervalIsAnsweredWithoutAFieldAtStepZero() throws Exception {
    // The run's first step is +1 h; 00:30 lies in the 0-1 h interval of every parameter.
    JsonNode early = spot(GFS, "00:30", "&params=avg_sdswrf,tp&period=PT30M");

    assertThat(early.path("avg_sdswrf").path("value").asDouble()).isCloseTo(20, within(1e-3));
    assertThat(early.path("avg_sdswrf").path("over").path("from").asText())
        .isEqualTo("2026-11-20T00:00:00Z");
    // Half of the first hour's 1 kg m-2.
    assertThat(early.path("tp").path("value").asDouble()).isCloseTo(0.5, within(1e-6));
    // The hour before 00:30 reaches back before the run: no value, and why; not a refusal.
    JsonNode hour = spot(GFS, "00:30", "&params=tp").path("tp");
    assertThat(hour.path("value").isNull()).isTrue();
    assertThat(hour.path("reason").asText()).contains("part of it is not stored");
    // Before every interval it is still outside the run.
    ResponseEntity<String> before =
        http.getForEntity(
            "/v1/spot?model=" + GFS + "&lat=50&lon=10&time=2026-11-19T23:30:00Z&params=tp",
            String.class);
    assertThat(before.getStatusCode().value()).isEqualTo(422);
    assertThat(before.getBody()).contains("before the first step");
  }

  @Test
  void aGrib1AverageIsTakenApart() throws Exception {
    JsonNode t = spot(GRIB1, "09:00", "&params=2t").path("2t");

    assertThat(t.path("value").asDouble()).isCloseTo(286, within(1e-3));
    assertThat(t.path("over").path("from").asText()).isEqualTo("2026-11-20T06:00:00Z");
  }

  @Test
  void aNetcdfMeanWithTimeBoundsIsTakenApart() throws Exception {
    JsonNode mean = spot(NETCDF, "09:00", "&params=mtpr").path("mtpr");

    assertThat(mean.path("value").asDouble()).isCloseTo(6, within(1e-6));
    assertThat(mean.path("over").path("statistic").asText()).isEqualTo("mean");
    assertThat(mean.path("over").path("from").asText()).isEqualTo("2026-11-20T06:00:00Z");
    assertThat(spot(NETCDF, "03:00", "&params=mtpr").path("mtpr").path("value").asDouble())
        .isCloseTo(3, within(1e-6));
  }

  @Test
  void modelsSayWhereEachParametersDataStartsAndItsLowerCaseName() throws Exception {
    JsonNode aswdir = parameter(ICON, "ASWDIR_S");
    assertThat(aswdir.path("lowerCase").asText()).isEqualTo("aswdir_s");
    assertThat(aswdir.path("statistic").asText()).isEqualTo("mean");
    assertThat(aswdir.path("dataFrom").asText()).isEqualTo("2026-11-20T00:00:00Z");
    JsonNode tp = parameter(GFS, "tp");
    assertThat(tp.has("lowerCase")).isFalse();
    assertThat(tp.path("dataFrom").asText())
        .as("before the run's first step, +1 h")
        .isEqualTo("2026-11-20T00:00:00Z");
  }

  private JsonNode parameter(String model, String name) throws Exception {
    for (JsonNode m : ok("/v1/models").path("models")) {
      if (m.path("model").asText().equals(model)) {
        for (JsonNode p : m.path("parameters")) {
          if (p.path("name").asText().equals(name)) {
            return p;
          }
        }
      }
    }
    throw new AssertionError(model + " has no parameter " + name);
  }
}
