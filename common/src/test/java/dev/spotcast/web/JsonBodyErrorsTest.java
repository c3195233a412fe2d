package dev.spotcast.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonBodyErrorsTest {

  record Point(double lat, double lon) {}

  record Body(String model, List<Point> points) {}

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private static String describe(String body, Class<?> type) {
    return JsonBodyErrors.describe(
        catchThrowableOfType(JsonProcessingException.class, () -> JSON.readValue(body, type)));
  }

  @Test
  void noAnswerNamesAClassOrTheLibrary() {
    List<String> messages =
        List.of(
            describe("{\"a\":1}{\"b\":2}", JsonNode.class),
            describe("{\"model\":\"m\",\"points\":[{\"lat\":\"north\",\"lon\":1}]}", Body.class),
            describe("{\"model\":\"m\",\"points\":{}}", Body.class),
            describe("{\"model\":\"m\",\"pionts\":[]}", Body.class),
            describe("{\"model\":", JsonNode.class),
            describe("{model: 1}", JsonNode.class));
    assertThat(messages)
        .allSatisfy(
            message ->
                assertThat(message)
                    .doesNotContain(
                        "com.fasterxml",
                        "java.",
                        "dev.spotcast",
                        "`",
                        "Exception",
                        "DeserializationFeature"));
  }

  @Test
  void eachSaysWhatAndWhere() {
    assertThat(describe("{\"a\":1}{\"b\":2}", JsonNode.class))
        .startsWith("text after the JSON document (line 1, column");
    assertThat(describe("{\"model\":\"m\",\"points\":[{\"lat\":\"north\",\"lon\":1}]}", Body.class))
        .startsWith("points[0].lat must be a number");
    assertThat(describe("{\"model\":\"m\",\"points\":{}}", Body.class))
        .startsWith("points must be an array");
    assertThat(describe("{\"model\":\"m\",\"pionts\":[]}", Body.class))
        .startsWith("unknown member 'pionts'")
        .endsWith("known members: model, points");
    assertThat(describe("{model: 1}", JsonNode.class))
        .startsWith("not valid JSON: Unexpected character");
  }

  @Test
  void qualifiedNamesAreScrubbed() {
    assertThat(JsonBodyErrors.scrub("bound as `com.fasterxml.jackson.databind.JsonNode`: no"))
        .isEqualTo("bound as a value: no");
  }
}
