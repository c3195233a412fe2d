package dev.spotcast.ingestor.source;

import dev.spotcast.model.ForecastRun;
import java.util.List;

/**
 * Where the documents of one run come from. The work is cut into small independent slices so that
 * producer threads stay busy until the very end of a run (the 2016 system lost throughput to threads
 * that finished early); a slice streams its documents, a run is never held in memory whole.
 */
public interface ForecastSource {

  ForecastRun run();

  /** The run's work, in slices that can be produced in any order and on any thread. */
  List<Slice> slices();

  /** Streams the documents of one slice into the sink. */
  void produce(Slice slice, DocumentSink sink) throws Exception;

  /**
   * A part of a run: the documents of one level and step for a range of grid points.
   *
   * @param documents how many documents the slice produces (for progress and count checks)
   */
  record Slice(int levelPosition, int stepPosition, int fromPoint, int toPoint, long documents) {}
}
