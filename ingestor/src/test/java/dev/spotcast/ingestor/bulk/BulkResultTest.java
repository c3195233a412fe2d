package dev.spotcast.ingestor.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BulkResultTest {

  private static BulkResult parse(String json) throws Exception {
    return BulkResult.parse(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void noErrorsNeedsNoItems() throws Exception {
    BulkResult result =
        parse(
            "{\"errors\":false,\"items\":[{\"index\":{\"status\":201}},{\"index\":{\"status\":200}}]}");
    assertThat(result.errors()).isFalse();
    assertThat(result.failed()).isEmpty();
  }

  @Test
  void failedItemsKeepTheirPositionStatusAndError() throws Exception {
    BulkResult result =
        parse(
            "{\"errors\":true,\"items\":["
                + "{\"index\":{\"status\":201}},"
                + "{\"index\":{\"status\":429,\"error\":{\"type\":\"es_rejected_execution_exception\",\"reason\":\"queue full\"}}},"
                + "{\"index\":{\"status\":201}},"
                + "{\"index\":{\"status\":400,\"error\":{\"type\":\"strict_dynamic_mapping_exception\",\"reason\":\"[snow] not allowed\"}}}"
                + "]}");
    assertThat(result.errors()).isTrue();
    assertThat(result.failed())
        .containsExactly(
            new BulkResult.Item(1, 429, "es_rejected_execution_exception", "queue full"),
            new BulkResult.Item(3, 400, "strict_dynamic_mapping_exception", "[snow] not allowed"));
  }
}
