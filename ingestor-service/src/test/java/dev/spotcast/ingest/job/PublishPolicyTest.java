package dev.spotcast.ingest.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.ingestor.lifecycle.PublishPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PublishPolicyTest {

  @ParameterizedTest(name = "{0} run {1} while {2} is served: publishes {3}")
  @CsvSource(
      nullValues = "none",
      value = {
        "IF_NEWER, 2026010106, none,       true", // the model's first run
        "IF_NEWER, 2026010106, 2026010100, true", // newer
        "IF_NEWER, 2026010100, 2026010100, true", // the same run time (a reload)
        "IF_NEWER, 2026010100, 2026010106, false", // older: the served forecast would go back in
        // time
        "IF_NEWER, 2025123118, 2026010100, false", // older, across a year
        "ALWAYS,   2026010100, 2026010106, true", // older, asked for explicitly
      })
  void anOlderRunIsPublishedOnlyWhenAskedFor(
      PublishPolicy policy, String runId, String served, boolean publishes) {
    assertThat(policy.publishes(runId, served)).isEqualTo(publishes);
  }

  @Test
  void theSpecSaysItInJson() throws Exception {
    ObjectMapper json = ElasticsearchClients.objectMapper();
    JobSpec always =
        json.readValue(
            "{\"files\": {\"model\": \"m\", \"paths\": [\"a\"]}, \"publish\": \"always\"}",
            JobSpec.class);
    JobSpec unsaid =
        json.readValue("{\"files\": {\"model\": \"m\", \"paths\": [\"a\"]}}", JobSpec.class);

    assertThat(always.publishPolicy()).isEqualTo(PublishPolicy.ALWAYS);
    assertThat(unsaid.publishPolicy()).isEqualTo(PublishPolicy.IF_NEWER);
    assertThat(json.writeValueAsString(always)).contains("\"publish\":\"always\"");
  }
}
