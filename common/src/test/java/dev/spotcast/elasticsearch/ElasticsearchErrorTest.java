package dev.spotcast.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.Test;

class ElasticsearchErrorTest {

  /**
   * Reads {"error": ..., "after": 1}: the error, then checks the parser stopped at the error's end.
   */
  private static ElasticsearchError readError(String error) throws Exception {
    try (JsonParser json =
        new JsonFactory().createParser("{\"error\":" + error + ",\"after\":1}")) {
      json.nextToken();
      json.nextToken();
      json.nextToken();
      ElasticsearchError read = ElasticsearchError.read(json);
      assertThat(json.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
      assertThat(json.currentName()).isEqualTo("after");
      return read;
    }
  }

  @Test
  void anErrorObjectGivesItsTypeAndReasonAndSkipsTheRest() throws Exception {
    assertThat(
            readError(
                "{\"root_cause\":[{\"type\":\"a\",\"reason\":\"b\"}],\"type\":\"index_not_found_exception\","
                    + "\"reason\":\"no such index [x]\",\"index\":\"x\",\"caused_by\":{\"type\":\"c\"}}"))
        .isEqualTo(new ElasticsearchError("index_not_found_exception", "no such index [x]"));
  }

  @Test
  void aBareTextIsTheReason() throws Exception {
    assertThat(readError("\"no handler found\""))
        .isEqualTo(new ElasticsearchError(null, "no handler found"));
  }

  @Test
  void anythingElseIsSkippedWithNeitherKnown() throws Exception {
    assertThat(readError("[1,{\"type\":\"x\"}]")).isEqualTo(new ElasticsearchError(null, null));
  }
}
