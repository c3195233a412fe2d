package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.json.JsonData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForecastHitTest {

  @Test
  void readsTheDocValuesOfAHit() {
    co.elastic.clients.json.jackson.JacksonJsonpMapper mapper = new co.elastic.clients.json.jackson.JacksonJsonpMapper();
    ForecastHit hit = ForecastHit.of(Map.of(
        "gp", JsonData.of(List.of(42), mapper), "lvl", JsonData.of(List.of(500.0), mapper),
        "step", JsonData.of(List.of(3), mapper), "v.t", JsonData.of(List.of(280.5), mapper)), 12.5, 1);
    assertThat(hit.point()).isEqualTo(42);
    assertThat(hit.level()).isEqualTo(500.0);
    assertThat(hit.step()).isEqualTo(3);
    assertThat(hit.values()).containsEntry("t", 280.5);
    assertThat(hit.sortDistance()).isEqualTo(12.5);
    assertThat(hit.axisPosition()).isEqualTo(1);
  }

  /** Doc values as the client hands them over: buffered tokens of Elasticsearch's answer, read without a deserializer. */
  @Test
  void readsDocValuesFromTheBufferedTokensOfAnAnswer() {
    co.elastic.clients.json.jackson.JacksonJsonpMapper mapper = new co.elastic.clients.json.jackson.JacksonJsonpMapper();
    java.util.function.Function<String, JsonData> answered = json -> JsonData._DESERIALIZER.deserialize(
        mapper.jsonProvider().createParser(new java.io.StringReader(json)), mapper);
    assertThat(answered.apply("[1.5]")).isInstanceOf(co.elastic.clients.json.JsonBuffer.class);
    ForecastHit hit = ForecastHit.of(Map.of(
        "gp", answered.apply("[65159]"), "lvl", answered.apply("[0.01]"), "step", answered.apply("[240]"),
        "v.t", answered.apply("[273.1499938964844]"), "v.rh", answered.apply("[-0.0]")), Double.NaN, 0);
    assertThat(hit.point()).isEqualTo(65159);
    assertThat(hit.level()).isEqualTo(0.01);
    assertThat(hit.step()).isEqualTo(240);
    assertThat(hit.values()).containsEntry("t", 273.1499938964844).containsEntry("rh", -0.0);
  }

  @Test
  void aHitWithoutItsDocValuesIsElasticsearchUnavailableNotAnInternalError() {
    // Seen while a node holding the shard was killed: the service answers 503 with Retry-After, not 500.
    assertThatThrownBy(() -> ForecastHit.of(Map.of(), 0, 0)).isInstanceOf(SearchUnavailableException.class);
  }
}
