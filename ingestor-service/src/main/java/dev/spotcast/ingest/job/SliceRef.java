package dev.spotcast.ingest.job;

import dev.spotcast.ingestor.source.ForecastSource.Slice;

/** A source slice as a chunk stores it; equal slices produce the same documents on any instance. */
public record SliceRef(int axis, int level, int step, int from, int to, long documents) {

  public static SliceRef of(Slice slice) {
    return new SliceRef(
        slice.axisPosition(),
        slice.levelPosition(),
        slice.stepPosition(),
        slice.fromPoint(),
        slice.toPoint(),
        slice.documents());
  }

  public Slice toSlice() {
    return new Slice(axis, level, step, from, to, documents);
  }
}
