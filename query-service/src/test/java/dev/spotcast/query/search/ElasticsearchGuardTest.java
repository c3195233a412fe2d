package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ElasticsearchGuardTest {

  @Test
  void overloadServerErrorsAMissingIndexAndALostBodyAreTransient() {
    assertThat(
            ElasticsearchGuard.unavailableOr(
                429, "es_rejected_execution_exception", "queue full", null))
        .isInstanceOf(SearchUnavailableException.class);
    assertThat(
            ElasticsearchGuard.unavailableOr(
                503, "no_shard_available_action_exception", "no shard", null))
        .isInstanceOf(SearchUnavailableException.class);
    assertThat(
            ElasticsearchGuard.unavailableOr(
                404, "index_not_found_exception", "no such index", null))
        .isInstanceOf(SearchUnavailableException.class);
    // Seen while a node was killed mid-request: the client's second try reached another node
    // without its body.
    assertThat(
            ElasticsearchGuard.unavailableOr(
                400,
                "parse_exception",
                "[es/msearch] failed: [parse_exception] request body or source parameter is required",
                null))
        .isInstanceOf(SearchUnavailableException.class);
  }

  @Test
  void aQueryElasticsearchRejectsIsABugAndStaysAServerError() {
    assertThat(
            ElasticsearchGuard.unavailableOr(400, "parse_exception", "unknown query [foo]", null))
        .isInstanceOf(IllegalStateException.class);
    assertThat(
            ElasticsearchGuard.unavailableOr(400, "illegal_argument_exception", "bad field", null))
        .isInstanceOf(IllegalStateException.class);
  }
}
