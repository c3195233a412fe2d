package dev.spotcast.query.spot;

/**
 * Which forecast a spot request reads, parsed and checked once: the model, the run, and of an
 * ensemble a member or a statistic. Part of a {@link SpotRequest}.
 *
 * @param run the run id (yyyyMMddHH) asked for, or null for the published run
 * @param ensemble member= or ensemble=, or null when the request gives neither (and for the
 *     requests {@link Ensembles} makes of each member model)
 */
public record RunSelection(String model, String run, EnsembleChoice ensemble) {

  /**
   * What an ensemble is asked for: a member (null: the control) or a statistic (null: a member).
   */
  public record EnsembleChoice(Integer member, EnsembleStatistic statistic) {}

  /** A model's run by id (null: the published run), no ensemble member or statistic. */
  public static RunSelection of(String model, String run) {
    return new RunSelection(model, run, null);
  }

  /** A model's published run. */
  public static RunSelection published(String model) {
    return of(model, null);
  }
}
