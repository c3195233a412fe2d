package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingestor.bulk.BulkListener;
import dev.spotcast.ingestor.bulk.BulkSender;
import dev.spotcast.ingestor.bulk.LoadStats;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.PressureWatch;
import dev.spotcast.ingestor.bulk.PressureWatch.Reading;
import dev.spotcast.ingestor.bulk.SendPace;
import dev.spotcast.ingestor.bulk.ShardBatch;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Loading yields to users, end to end with the real parts: a query service's door says its users
 * are hurting ({@code /actuator/pressure}), the loader's watch reads it and halves its pace, the
 * loader's bulks to the real Elasticsearch then go one at a time; when the users' window passes
 * without a slow request the watch reads clear and the pace climbs back, one bulk per reading.
 *
 * <p>No timing luck: the service runs with a latency target of 1 ns, so every forecast request
 * counts as slow (the test is of the mechanism, not of the threshold, which UserPressureTest checks
 * by hand), and the pace moves only when the test reads the watch.
 */
class YieldToUsersIT {

  private static final String INDEX = "spotcast-yield-it";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @Test
  void usersHurtingSlowTheLoaderAndItClimbsBackWhenTheyClear() throws Exception {
    try (ConfigurableApplicationContext service = start()) {
      String base = ServiceTestBase.readyBase(service);
      SendPace pace = new SendPace(1, 4);
      PressureWatch watch = new PressureWatch(List.of(URI.create(base)), Duration.ofSeconds(10));

      assertThat(watch.follow(pace)).as("nobody asked anything yet").isEqualTo(Reading.CLEAR);
      assertThat(pace.limit()).isEqualTo(4);

      // A user's forecast request; with the 1 ns target it was slow.
      ask(base);
      JsonNode pressure = JSON.readTree(get(base + "/actuator/pressure").body());
      assertThat(pressure.path("busy").asBoolean()).as(pressure.toString()).isTrue();
      assertThat(pressure.path("requests").asLong()).isEqualTo(1);
      assertThat(pressure.path("slow").asLong()).isEqualTo(1);
      assertThat(pressure.path("windowMillis").asLong()).isEqualTo(10_000);

      assertThat(watch.follow(pace)).isEqualTo(Reading.BUSY);
      assertThat(pace.limit()).as("halved").isEqualTo(2);
      ask(base); // a user again, well inside the window
      assertThat(watch.follow(pace)).isEqualTo(Reading.BUSY);
      assertThat(pace.limit()).isEqualTo(1);

      // The loader, with four senders, now sends one bulk at a time; nothing is lost.
      LoadStats stats = load(pace, 12, 50);
      assertThat(stats.indexed()).isEqualTo(12 * 50);
      assertThat(stats.failed()).isZero();
      assertThat(pace.takeMostInFlight()).as("bulks in flight at once while yielding").isEqualTo(1);

      // The window passes with no request: clear again, one bulk more per reading.
      Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
      while (watch.read() != Reading.CLEAR) {
        assertThat(Instant.now()).as("the window of 10 s passed").isBefore(deadline);
        Thread.sleep(200);
      }
      List<Integer> limits = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        assertThat(watch.follow(pace)).isEqualTo(Reading.CLEAR);
        limits.add(pace.limit());
      }
      assertThat(limits).containsExactly(2, 3, 4, 4);
    }
  }

  /** Sends {@code bulks} bulks of {@code documents} documents each through a paced sender. */
  private static LoadStats load(SendPace pace, int bulks, int documents) throws Exception {
    ElasticsearchClient client = RunFixtures.ingestClient();
    if (!client.indices().exists(e -> e.index(INDEX)).value()) {
      client.indices().create(c -> c.index(INDEX));
    }
    LoadStats stats = new LoadStats();
    LoaderSettings settings = LoaderSettings.defaults().withThreads(1, 4);
    try (BulkSender sender = new BulkSender(client, settings, stats, BulkListener.NONE, pace)) {
      for (int b = 0; b < bulks; b++) {
        sender.submit(batch(b, documents));
      }
      sender.awaitIdle();
    }
    return stats;
  }

  private static ShardBatch batch(int number, int documents) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int[] offsets = new int[documents + 1];
    for (int d = 0; d < documents; d++) {
      offsets[d] = body.size();
      String item =
          "{\"index\":{\"_id\":\""
              + number
              + "-"
              + d
              + "\"}}\n{\"bulk\":"
              + number
              + ",\"document\":"
              + d
              + "}\n";
      body.writeBytes(item.getBytes(StandardCharsets.UTF_8));
    }
    offsets[documents] = body.size();
    return new ShardBatch(INDEX, 0, body.toByteArray(), offsets);
  }

  private static ConfigurableApplicationContext start() {
    return ServiceTestBase.startInstance(
        Map.of(
            "spotcast.query.warmup.requests", "0",
            "spotcast.query.pressure.latency-target", "1ns",
            // Long beside the few milliseconds between a request and the reading that must see it.
            "spotcast.query.pressure.window", "10s"));
  }

  /**
   * A forecast request the service answers (an unknown model: 4xx, counted at the door all the
   * same).
   */
  private void ask(String base) throws Exception {
    HttpResponse<String> answer = get(base + "/v1/spot?model=nosuchmodel&lat=45&lon=5");
    assertThat(answer.statusCode()).as(answer.body()).isBetween(400, 499);
  }

  private HttpResponse<String> get(String url) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
