package dev.spotcast.ingest.api;

import dev.spotcast.ingest.schedule.FeedPoller;
import dev.spotcast.ingest.schedule.FeedStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The configured feeds (spotcast.feeds.*) and where each stands, as this instance last polled. */
@RestController
@Tag(name = "feeds")
public class FeedsController {

  private final FeedPoller poller;

  public FeedsController(FeedPoller poller) {
    this.poller = poller;
  }

  @GetMapping("/v1/feeds")
  @Operation(
      summary = "Each feed's state",
      description =
          "Per feed: waiting for the next cycle, fetching N of M fields, loading, published or failed"
              + " (the run missed its deadline, with the reason), the run its model serves and its age,"
              + " and when the next run is expected. Empty when no feed is configured.")
  public List<FeedStatus> feeds() {
    return poller.statuses();
  }
}
