package dev.spotcast.ingest.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.testsupport.HeadlessChromium;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The ingestion console at {@code /console/} in a real headless Chromium, against a real ingestion
 * service, Kafka and Elasticsearch: without a key it shows nothing; with a read key it shows a
 * run's job rise to 100 % and the run published, as the API reports them.
 */
class ConsoleIT {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static IngestorInstance instance;
  private static HeadlessChromium browser;

  @BeforeAll
  static void start() {
    Map<String, Object> properties = IngestorInstance.fleet(Fixtures.prefix("console"));
    // A document per step: a load of seconds, so that the page shows it below 100 % (whole-series
    // documents load the same run about 20 times faster).
    properties.put("spotcast.sharding.steps-per-document", "1");
    instance = IngestorInstance.start("console-1", properties);
    browser = new HeadlessChromium(1500, 900);
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.close();
    }
    if (instance != null) {
      instance.close();
    }
  }

  private void openWithKey(String key) {
    var driver = browser.driver();
    driver.get(instance.uri("/").toString()); // the service's root leads to the console
    browser.waiting(WAIT).until(ExpectedConditions.urlToBe(instance.uri("/console/").toString()));
    WebElement field =
        browser.waiting(WAIT).until(ExpectedConditions.elementToBeClickable(By.id("key")));
    field.sendKeys(key);
    driver.findElement(By.cssSelector("#login button[type=submit]")).click();
  }

  @Test
  void showsARunLoadToOneHundredPercentAndPublished() throws Exception {
    String model = Fixtures.model("console");
    // 121 x 240 points x 3 levels x 6 steps = 522,720 documents: seconds of loading, several
    // refreshes.
    long expected = 121L * 240 * 3 * 6;
    openWithKey(IngestorInstance.READ_KEY);
    browser
        .waiting(WAIT)
        .until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-state", "shown"));

    HttpResponse<String> accepted =
        instance.post(
            "/v1/ingestions",
            Fixtures.synthetic(
                model, "2026-02-01T00:00:00Z", 1.5, "0, 500, 1000", "0, 1, 2, 3, 4, 5"));
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    String id = IngestorInstance.JSON.readTree(accepted.body()).path("id").asText();

    // What the page shows for the job, at each of its refreshes, until it shows it published.
    List<Double> shown = new ArrayList<>();
    Instant deadline = Instant.now().plus(Duration.ofMinutes(4));
    String state = "";
    boolean pictured = false;
    while (!state.equals("PUBLISHED")) {
      assertThat(Instant.now())
          .as("job %s shown as %s, progress %s", id, state, shown)
          .isBefore(deadline);
      // Read in one go: the page replaces its rows at each refresh.
      List<?> row =
          (List<?>)
              browser.script(
                  "const r = document.querySelector(`#jobs tr[data-job='${arguments[0]}']`);"
                      + " return r ? [r.dataset.state, r.dataset.progress] : null;",
                  id);
      if (row != null) {
        state = (String) row.get(0);
        double progress = Double.parseDouble((String) row.get(1));
        if (shown.isEmpty() || shown.getLast() != progress) {
          shown.add(progress);
          if (!pictured && progress >= 0.3 && progress < 1) {
            pictured = browser.screenshot("console").isPresent();
          }
        }
      }
      Thread.sleep(200);
    }
    assertThat(shown).as("progress only rises").isSorted();
    assertThat(shown.getLast()).isEqualTo(1.0);
    assertThat(shown).as("seen while loading, below 100 %%").anyMatch(p -> p < 1.0);

    // The row says what the API says of the job.
    JsonNode job = instance.job(id);
    String row =
        (String)
            browser.script(
                "return document.querySelector(`#jobs tr[data-job='${arguments[0]}']`).innerText;",
                id);
    assertThat(row)
        .contains(model + " / " + job.path("runId").asText())
        .contains("PUBLISHED")
        .contains("100.0 %")
        .contains("DONE " + job.path("chunkCount").asInt());
    assertThat(job.path("retries").asLong()).isZero();
    assertThat(job.path("deadLetters").asLong()).isZero();

    // The run is listed among the published ones with its documents, within a refresh.
    String runRow =
        "const r = document.querySelector(`#runs tr[data-model='${arguments[0]}']`);"
            + " return r ? r.dataset.run + ' | ' + r.innerText : null;";
    browser.waiting(WAIT).until(driver -> browser.script(runRow, model) != null);
    assertThat((String) browser.script(runRow, model))
        .startsWith(job.path("runId").asText() + " | ")
        .contains("522,720"); // the browser runs in en-GB
    JsonNode runs = IngestorInstance.JSON.readTree(instance.get("/v1/runs").body());
    JsonNode published = null;
    for (JsonNode candidate : runs) {
      if (candidate.path("model").asText().equals(model)) {
        published = candidate;
      }
    }
    assertThat(published).isNotNull();
    assertThat(published.path("documents").asLong()).isEqualTo(expected);
    assertThat(browser.consoleErrors()).isEmpty();
    if (!pictured) {
      browser.screenshot("console");
    }
  }

  @Test
  void withoutAReadKeyItShowsNothingAndSaysWhichKeyItNeeds() throws Exception {
    openWithKey(IngestorInstance.SUBMIT_KEY);
    browser
        .waiting(WAIT)
        .until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-state", "failed"));
    assertThat(browser.driver().findElement(By.id("error")).getText())
        .startsWith("403")
        .contains("ingest:read");
    assertThat(browser.driver().findElements(By.cssSelector("#jobs tbody tr"))).isEmpty();
    browser.consoleErrors(); // the refused requests, logged by the browser

    // The API behind it: the lists need the read role; the page itself holds no data.
    for (String path : List.of("/v1/ingestions", "/v1/runs", "/v1/feeds")) {
      assertThat(instance.send(HttpRequest.newBuilder(instance.uri(path))).statusCode())
          .as(path)
          .isEqualTo(401);
      assertThat(
              instance
                  .send(
                      HttpRequest.newBuilder(instance.uri(path))
                          .header("X-API-Key", IngestorInstance.SUBMIT_KEY))
                  .statusCode())
          .as(path)
          .isEqualTo(403);
      assertThat(
              instance
                  .send(
                      HttpRequest.newBuilder(instance.uri(path))
                          .header("X-API-Key", IngestorInstance.READ_KEY))
                  .statusCode())
          .as(path)
          .isEqualTo(200);
    }
    HttpResponse<String> tooMany = instance.get("/v1/ingestions?limit=1000");
    assertThat(tooMany.statusCode()).isEqualTo(400);
    assertThat(tooMany.body()).contains("limit must be between 1 and 100");
  }
}
