package dev.spotcast.ingestor.source;

import dev.spotcast.model.ForecastRun;
import java.util.List;

/**
 * Where the documents of one run come from. The work is cut into small independent slices so that
 * producer threads stay busy until the very end of a run (the 2016 system lost throughput to
 * threads that finished early); a slice streams its documents, a run is never held in memory whole.
 */
public interface ForecastSource {

  ForecastRun run();

  /** The run's work, in slices that can be produced in any order and on any thread. */
  List<Slice> slices();

  /** Streams the documents of one slice into the sink. */
  void produce(Slice slice, DocumentSink sink) throws Exception;

  /**
   * A part of a run: the documents of one level of one axis and one step (or one block of steps,
   * {@link ForecastRun#stepsPerDocument()}), for a range of grid points.
   *
   * @param axisPosition position of the level type in the run's axes
   * @param levelPosition position of the level in that axis's levels
   * @param stepPosition position of the step in the run's steps; of a block's first step
   * @param documents how many documents the slice produces (for progress and count checks)
   */
  record Slice(
      int axisPosition,
      int levelPosition,
      int stepPosition,
      int fromPoint,
      int toPoint,
      long documents) {}
}
