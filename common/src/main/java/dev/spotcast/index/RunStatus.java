package dev.spotcast.index;

/** Where a run stands in its life: only a PUBLISHED run is behind its model's alias. */
public enum RunStatus {
  LOADING,
  PUBLISHED,
  FAILED,
  /** Superseded by newer runs and deleted by retention (keep the last K runs of a model). */
  RETIRED,
  /**
   * Superseded by newer runs, kept in a snapshot repository and its indices deleted (retention with
   * an archive repository); {@link RunRecord#archive()} says where. Restored, a run is PUBLISHED
   * again (servable by its run id, never moved behind its model's alias).
   */
  ARCHIVED
}
