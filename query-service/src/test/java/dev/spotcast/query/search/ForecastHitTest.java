package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.json.JsonData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The typed client's hits (the terrain's reads); the spot path's are SearchWireTest's. */
class ForecastHitTest {

  @Test
  void readsTheDocValuesOfATypedHit() {
    co.elastic.clients.json.jackson.JacksonJsonpMapper mapper = new co.elastic.clients.json.jackson.JacksonJsonpMapper();
    ForecastHit hit = ForecastHit.of(Map.of(
        "gp", JsonData.of(List.of(42), mapper), "lvl", JsonData.of(List.of(500.0), mapper),
        "step", JsonData.of(List.of(3), mapper), "v.t", JsonData.of(List.of(280.5), mapper)), 1);
    assertThat(hit.point()).isEqualTo(42);
    assertThat(hit.level()).isEqualTo(500.0);
    assertThat(hit.step()).isEqualTo(3);
    assertThat(hit.values()).containsExactlyEntriesOf(Map.of("t", 280.5));
    assertThat(hit.axisPosition()).isEqualTo(1);
  }

  @Test
  void aHitWithoutItsDocValuesIsElasticsearchUnavailableNotAnInternalError() {
    assertThatThrownBy(() -> ForecastHit.of(Map.of(), 0)).isInstanceOf(SearchUnavailableException.class);
  }
}
