package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingestor.source.SyntheticForecastSource;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.api.SideBySideIT;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.spot.EnsembleIT;
import dev.spotcast.testsupport.HeadlessChromium;
import dev.spotcast.testsupport.IntervalMessages;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The forecast explorer at {@code /} in a real headless Chromium, against the real service and
 * Elasticsearch: a click on the map shows exactly what {@code /v1/spot} answers at that place, the
 * meteogram holds every step {@code /v1/series} answers, the grid points used are the answer's,
 * every request the page made is listed as a curl line that repeats it, and the page logs no error
 * and loads nothing from outside the service.
 */
class ExplorerIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static HeadlessChromium browser;

  @LocalServerPort private int port;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeAll
  static void startBrowser() {
    browser = new HeadlessChromium(1400, 1100);
  }

  @AfterAll
  static void closeBrowser() {
    if (browser != null) {
      browser.close();
    }
  }

  @BeforeEach
  void runsAreServed() throws Exception {
    // A second model over part of the first one's grid, overlaid on the meteogram where both cover
    // the place.
    SideBySideIT.bothServed(client, publishedRuns);
  }

  private String base() {
    return "http://127.0.0.1:" + port + "/";
  }

  private JsonNode get(String url) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(url + ": " + response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  @Test
  void aClickOnTheMapShowsWhatTheApiAnswersThere() throws Exception {
    var driver = browser.driver();
    driver.get(base());
    browser
        .waiting(WAIT)
        .until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-ready", "true"));
    new Select(driver.findElement(By.id("model"))).selectByValue(SpotApiIT.MODEL);
    new Select(driver.findElement(By.id("height"))).selectByValue("alt=500");
    Select time = new Select(driver.findElement(By.id("time")));
    time.selectByIndex(2);
    String chosenTime = time.getFirstSelectedOption().getAttribute("value");

    // A real click at the grid point 42°N 8°W, where the map puts it (inside both models' grids).
    WebElement map = driver.findElement(By.id("map"));
    List<?> pixel =
        (List<?>)
            browser.script(
                "const p = spotcastExplorer.map.latLngToContainerPoint([42, -8]); return [p.x, p.y];");
    new Actions(driver)
        .moveToElement(
            map,
            (int) Math.round(((Number) pixel.get(0)).doubleValue()) - map.getSize().getWidth() / 2,
            (int) Math.round(((Number) pixel.get(1)).doubleValue()) - map.getSize().getHeight() / 2)
        .click()
        .perform();
    WebElement place = driver.findElement(By.id("place"));
    browser.waiting(WAIT).until(ExpectedConditions.attributeToBe(place, "data-state", "shown"));

    double lat = Double.parseDouble(place.getAttribute("data-lat"));
    double lon = Double.parseDouble(place.getAttribute("data-lon"));
    assertThat(lat).isCloseTo(42, within(0.2));
    assertThat(lon).isCloseTo(-8, within(0.2));
    assertThat(place.getAttribute("data-time")).isEqualTo(chosenTime);

    // The values: the same as /v1/spot answers for that place, height and time (°C as the page
    // asks).
    JsonNode spot =
        get(
            base()
                + "v1/spot?model="
                + SpotApiIT.MODEL
                + "&lat="
                + lat
                + "&lon="
                + lon
                + "&alt=500&time="
                + chosenTime
                + "&units=C");
    Map<String, Double> shown = new TreeMap<>();
    for (WebElement row : driver.findElements(By.cssSelector("#values tbody tr"))) {
      shown.put(
          row.getAttribute("data-param"),
          Double.parseDouble(row.findElement(By.cssSelector("td.value")).getText()));
    }
    TreeSet<String> answered = new TreeSet<>();
    spot.path("values").fieldNames().forEachRemaining(answered::add);
    assertThat(shown.keySet()).isEqualTo(answered);
    spot.path("values")
        .properties()
        .forEach(
            value ->
                assertThat(shown.get(value.getKey()))
                    .as(value.getKey())
                    .isCloseTo(value.getValue().path("value").asDouble(), within(0.005 + 1e-9)));
    assertThat(spot.path("values").path("t").path("unit").asText()).isEqualTo("°C");

    // The grid points used: the answer's, in its order, with its weights.
    List<String> points =
        driver.findElements(By.cssSelector("#neighbours tbody tr")).stream()
            .map(row -> row.findElements(By.tagName("td")).getFirst().getText())
            .toList();
    List<String> expected = new ArrayList<>();
    spot.path("neighbours").forEach(n -> expected.add(n.path("point").asText()));
    assertThat(points).isEqualTo(expected).isNotEmpty();
    Number circles =
        (Number) browser.script("return document.querySelectorAll('#map path.grid-point').length;");
    assertThat(circles.intValue()).as("one circle per grid point used").isEqualTo(expected.size());

    // The meteogram: every step of the run at that place.
    JsonNode series =
        get(
            base()
                + "v1/series?model="
                + SpotApiIT.MODEL
                + "&lat="
                + lat
                + "&lon="
                + lon
                + "&alt=500");
    assertThat(driver.findElement(By.id("meteogram")).getAttribute("data-steps"))
        .isEqualTo(String.valueOf(series.path("steps").size()));
    // The other model covering the place is overlaid, from one side-by-side request.
    List<?> labels =
        (List<?>)
            browser.script(
                "return Chart.getChart('chart-temperature').data.datasets.map(d => d.label);");
    assertThat(labels)
        .anyMatch(label -> label.toString().endsWith("· " + SpotApiIT.MODEL))
        .anyMatch(label -> label.toString().endsWith("· " + SideBySideIT.MODEL));

    // Every request the page made for this view is a curl line, and repeating it gives the page's
    // answer.
    List<String> curls =
        driver.findElements(By.cssSelector("#requests code")).stream()
            .map(WebElement::getText)
            .toList();
    assertThat(curls)
        .anyMatch(line -> line.contains("/v1/spot?"))
        .anyMatch(line -> line.contains("/v1/series?"))
        .anyMatch(line -> line.contains("/v1/series?models=") && line.contains(SideBySideIT.MODEL));
    String spotCurl =
        curls.stream().filter(line -> line.contains("/v1/spot?")).findFirst().orElseThrow();
    JsonNode repeated = get(spotCurl.substring("curl '".length(), spotCurl.length() - 1));
    assertThat(repeated.path("values")).isEqualTo(spot.path("values"));

    // Nothing from outside the service (the map works offline), and no error in the console.
    List<?> loaded =
        (List<?>)
            browser.script(
                "return performance.getEntriesByType('resource').map(e => e.name).concat([location.href]);");
    assertThat(loaded)
        .isNotEmpty()
        .allSatisfy(url -> assertThat(url.toString()).startsWith(base()));
    assertThat(browser.consoleErrors()).isEmpty();
    browser.screenshot("explorer");
  }

  @Test
  void theMeteogramDrawsPrecipitationInMillimetresFromTheModelsOwnField() throws Exception {
    // ECMWF-style tp in m, accumulated from the start: 1, 2, 1 mm in the first three hours.
    String model = "it_explorer_rain";
    List<IntervalMessages> messages = new ArrayList<>();
    double[] accumulated = {0, 0.001, 0.003, 0.004};
    for (int step = 0; step < accumulated.length; step++) {
      messages.add(IntervalMessages.accum("ecmf", "tp", 0, step, accumulated[step], 0, 0, 0, 0, 0));
      messages.add(
          new IntervalMessages(
              2,
              "ecmf",
              "2t",
              "instant",
              step,
              step,
              "h",
              new double[] {280, 280, 280, 280, 280, 280}));
    }
    RunFixtures.gribServed(client, publishedRuns, model, messages);
    var driver = browser.driver();
    // A page already open would take the new link as a change of its hash only: load it anew.
    driver.get("about:blank");
    driver.get(base() + "#model=" + model + "&lat=50&lon=10&time=2026-11-20T02:00:00Z");
    WebElement place = driver.findElement(By.id("place"));
    browser.waiting(WAIT).until(ExpectedConditions.attributeToBe(place, "data-state", "shown"));

    List<String> asked =
        driver.findElements(By.cssSelector("#requests code")).stream()
            .map(WebElement::getText)
            .toList();
    assertThat(driver.findElement(By.id("meteogram")).getAttribute("data-precipitation"))
        .as("the page asked %s", asked)
        .isEqualTo("precipitation (mm)");
    List<?> bars =
        (List<?>)
            browser.script(
                "return Chart.getChart('chart-temperature').data.datasets"
                    + ".find(d => d.type === 'bar').data.map(p => p.y);");
    // Step 0 has no amount; then each hour's own: 1, 2, 1 mm.
    assertThat(bars.subList(1, 4))
        .map(v -> ((Number) v).doubleValue())
        .satisfiesExactly(
            v -> assertThat(v).isCloseTo(1.0, within(1e-6)),
            v -> assertThat(v).isCloseTo(2.0, within(1e-6)),
            v -> assertThat(v).isCloseTo(1.0, within(1e-6)));
  }

  @Test
  void anUnknownPlaceGivesTheApisReasonOnThePageNotAConsoleError() throws Exception {
    var driver = browser.driver();
    driver.get(base());
    browser
        .waiting(WAIT)
        .until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-ready", "true"));
    new Select(driver.findElement(By.id("model"))).selectByValue(SpotApiIT.MODEL);
    // Outside the regional grid (40..50°N, 10°W..10°E): the API's 4xx problem is shown to the user.
    browser.script("spotcastExplorer.showPlace(-30, 140);");
    WebElement place = driver.findElement(By.id("place"));
    browser.waiting(WAIT).until(ExpectedConditions.attributeToBe(place, "data-state", "failed"));
    WebElement error = driver.findElement(By.id("error"));
    assertThat(error.isDisplayed()).isTrue();
    assertThat(error.getText()).matches("4\\d\\d .+");
    // The failed request itself is logged by the browser as a failed load; nothing else may be.
    assertThat(browser.consoleErrors()).allSatisfy(line -> assertThat(line).contains("/v1/spot?"));
  }

  @Test
  void anEnsembleIsOneModelWhoseMembersSpreadIsABandAroundItsControl() throws Exception {
    for (int m = 0; m < 5; m++) {
      RunFixtures.ensurePublished(client, new SyntheticForecastSource(EnsembleIT.member(m), 23, m));
    }
    for (int m = 0; m < 5; m++) {
      RunFixtures.awaitServed(
          publishedRuns, EnsembleIT.MODEL + "_m" + m, EnsembleIT.member(m).runId());
    }
    var driver = browser.driver();
    driver.get(base());
    browser
        .waiting(WAIT)
        .until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-ready", "true"));
    new Select(driver.findElement(By.id("model"))).selectByValue(EnsembleIT.MODEL);
    new Select(driver.findElement(By.id("height"))).selectByValue("alt=500");
    browser.script("spotcastExplorer.showPlace(41.3, -7.6);");
    WebElement place = driver.findElement(By.id("place"));
    browser.waiting(WAIT).until(ExpectedConditions.attributeToBe(place, "data-state", "shown"));
    assertThat(driver.findElement(By.id("meteogram")).getAttribute("data-band"))
        .isEqualTo("p10-p90");

    // The band is what the API gives for the members' 10th and 90th percentiles, step by step.
    String series =
        base()
            + "v1/series?model="
            + EnsembleIT.MODEL
            + "&lat=41.3&lon=-7.6&alt=500&units=C&ensemble=";
    JsonNode low = get(series + "p10").path("steps");
    JsonNode high = get(series + "p90").path("steps");
    List<?> band =
        (List<?>)
            browser.script(
                "const b = spotcastExplorer.band(); return [b.low.map(p => p.y), b.high.map(p => p.y)];");
    List<?> lows = (List<?>) band.get(0);
    List<?> highs = (List<?>) band.get(1);
    assertThat(lows).hasSize(low.size());
    for (int i = 0; i < low.size(); i++) {
      assertThat(((Number) lows.get(i)).doubleValue())
          .isCloseTo(low.get(i).path("values").path("t").path("value").asDouble(), within(1e-9));
      assertThat(((Number) highs.get(i)).doubleValue())
          .isCloseTo(high.get(i).path("values").path("t").path("value").asDouble(), within(1e-9));
      assertThat(((Number) highs.get(i)).doubleValue())
          .isGreaterThanOrEqualTo(((Number) lows.get(i)).doubleValue());
    }
    // Its members are not overlaid one by one.
    List<?> labels =
        (List<?>)
            browser.script(
                "return Chart.getChart('chart-temperature').data.datasets.map(d => d.label);");
    assertThat(labels).noneMatch(label -> label.toString().contains(EnsembleIT.MODEL + "_m"));
    assertThat(browser.consoleErrors()).isEmpty();
  }
}
