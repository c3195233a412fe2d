package dev.spotcast.query.request;

import dev.spotcast.query.spot.EnsembleStatistic;

/**
 * Which forecast a request reads, parsed and checked once: the model, the run, and of an ensemble a
 * member or a statistic.
 *
 * @param run the run id (yyyyMMddHH) asked for, or null for the published run
 * @param ensemble member= or ensemble=, or null when the request gives neither
 */
public record RunSelection(String model, String run, EnsembleChoice ensemble) {

  /**
   * What an ensemble is asked for: a member (null: the control) or a statistic (null: a member).
   */
  public record EnsembleChoice(Integer member, EnsembleStatistic statistic) {}

  /** The same selection of another model (a request for several models side by side). */
  public RunSelection of(String other) {
    return new RunSelection(other, run, ensemble);
  }
}
