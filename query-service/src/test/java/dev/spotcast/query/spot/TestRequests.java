package dev.spotcast.query.spot;

import java.time.Instant;
import java.util.List;

/** Spot requests as the tests of the use case ask most of them. */
final class TestRequests {

  private TestRequests() {}

  /** Of a model's published run, at a place, by IDW of n points, every parameter. */
  static SpotRequest idw(String model, Place where, int n, Instant time) {
    return SpotRequest.of(RunSelection.published(model), where, Reading.idw(n, List.of()), time);
  }
}
