package dev.spotcast.ingestor.feed;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one fetch, shared by its downloads: what a progress line, a report and (later) the
 * feed's gauges show.
 */
public final class FetchStats {

  /** The counters at one moment. */
  public record Snapshot(
      long requests,
      long retries,
      long bytesReceived,
      long rangesIgnored,
      long bytesOutsideRanges) {}

  final LongAdder requests = new LongAdder();
  final LongAdder retries = new LongAdder();
  final LongAdder bytesReceived = new LongAdder();
  final LongAdder rangesIgnored = new LongAdder();
  final LongAdder bytesOutsideRanges = new LongAdder();

  public Snapshot snapshot() {
    return new Snapshot(
        requests.sum(),
        retries.sum(),
        bytesReceived.sum(),
        rangesIgnored.sum(),
        bytesOutsideRanges.sum());
  }
}
