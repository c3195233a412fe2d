package dev.spotcast.ingestor.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FailureKindTest {

  @ParameterizedTest(name = "item {0} {1} -> {2}")
  @CsvSource(
      nullValues = "null",
      value = {
        // busy or recovering cluster: retried
        "429, es_rejected_execution_exception, TRANSIENT",
        "503, unavailable_shards_exception, TRANSIENT",
        "429, circuit_breaking_exception, TRANSIENT",
        "500, circuit_breaking_exception, TRANSIENT",
        "503, null, TRANSIENT",
        "500, null, TRANSIENT",
        // the document itself is wrong: would fail again
        "400, strict_dynamic_mapping_exception, PERMANENT",
        "400, mapper_parsing_exception, PERMANENT",
        "400, document_parsing_exception, PERMANENT",
        "409, version_conflict_engine_exception, PERMANENT",
        // an answer without an error type is judged by its status alone, never retryable by default
        "400, null, PERMANENT",
        "404, null, PERMANENT",
        // a block waits for an operator, whatever its status
        "403, cluster_block_exception, BLOCKED",
        "429, cluster_block_exception, BLOCKED",
      })
  void itemFailuresAreClassifiedOnce(int status, String type, FailureKind expected) {
    assertThat(FailureKind.ofItem(status, type)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "request {0} -> {1}")
  @CsvSource({
    "-1, TRANSIENT",
    "429, TRANSIENT",
    "502, TRANSIENT",
    "503, TRANSIENT",
    "504, TRANSIENT",
    "500, TRANSIENT",
    "400, PERMANENT",
    "413, PERMANENT",
    "401, PERMANENT"
  })
  void requestFailuresAreClassifiedByStatus(int status, FailureKind expected) {
    assertThat(FailureKind.ofRequest(status)).isEqualTo(expected);
  }
}
