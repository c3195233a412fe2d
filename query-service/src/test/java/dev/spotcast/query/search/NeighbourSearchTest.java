package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotPlan;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.Vertical;
import dev.spotcast.synthetic.SyntheticWeather;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class NeighbourSearchTest {

  private static final ForecastRun RUN =
      ForecastRun.of(
          "synth",
          Instant.parse("2026-11-21T00:00:00Z"),
          RegularLatLonGrid.covering(40, -10, 50, 10, 1.0),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 500.0),
          List.of(0, 1),
          SyntheticWeather.PARAMETERS,
          ShardingSpec.DEFAULT);

  @Test
  void anUnreachableElasticsearchIsUnavailableNotAServerError() throws Exception {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (ElasticsearchClient client =
        ElasticsearchClients.create(ElasticsearchSettings.of("http://127.0.0.1:" + closedPort()))) {
      NeighbourSearch search = NeighbourSearch.unguarded(client, registry, false);
      SpotPlan plan =
          SpotPlan.of(
              RUN,
              SpotRequest.of(
                  RunSelection.published("synth"),
                  Place.at(45, 0, Vertical.height(0)),
                  Reading.idw(4, List.of()),
                  RUN.runTime()));

      assertThatThrownBy(() -> search.find(plan.query()))
          .isInstanceOf(SearchUnavailableException.class)
          .hasMessageStartingWith("Elasticsearch cannot be reached");
    }
    assertThat(registry.get(NeighbourSearch.TIMER).tag("path", "geo_sort").timer().count())
        .isEqualTo(1);
  }

  /** A loopback port nothing listens on: bound, then released. */
  private static int closedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
