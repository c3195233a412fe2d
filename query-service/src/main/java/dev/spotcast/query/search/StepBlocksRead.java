package dev.spotcast.query.search;

import dev.spotcast.model.ForecastRun;
import java.util.List;
import java.util.Set;

/**
 * How the documents of a run that carry blocks of consecutive steps ({@link
 * ForecastRun#stepsPerDocument()}) are asked for and read: a step is asked for by the first step of
 * its block, and a block's document is read as one hit per step, those in {@code keep} only when a
 * search asks for some steps of its blocks alone.
 *
 * @param run the run searched
 * @param keep the steps whose hits are kept; null: every step of every block read
 */
public record StepBlocksRead(ForecastRun run, Set<Integer> keep) {

  /** How a run's documents are read; null when they carry one step each. */
  public static StepBlocksRead of(ForecastRun run) {
    return run.stepsPerDocument() > 1 ? new StepBlocksRead(run, null) : null;
  }

  /** The same, keeping only the hits of some steps. */
  StepBlocksRead keeping(Set<Integer> steps) {
    return new StepBlocksRead(run, Set.copyOf(steps));
  }

  /**
   * The step the document carrying {@code step} is stored under: the first step of its block; the
   * step itself when the run has no such step (nothing is found under it).
   */
  static int documentStep(ForecastRun run, int step) {
    if (run.stepsPerDocument() == 1) {
      return step;
    }
    int position = run.stepPosition(step);
    return position < 0 ? step : run.steps().get(run.blockStart(position));
  }

  /** The steps of the block stored under {@code firstStep}, in order; none for an unknown step. */
  List<Integer> stepsOf(int firstStep) {
    int position = run.stepPosition(firstStep);
    if (position < 0) {
      return List.of();
    }
    return run.steps().subList(position, position + run.blockLength(position));
  }

  /** Whether the hit of a step is kept. */
  boolean keeps(int step) {
    return keep == null || keep.contains(step);
  }
}
