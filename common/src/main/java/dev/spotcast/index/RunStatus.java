package dev.spotcast.index;

/** Where a run stands in its life: only a PUBLISHED run is behind its model's alias. */
public enum RunStatus {
  LOADING,
  PUBLISHED,
  FAILED,
  /** Superseded by newer runs and deleted by retention (keep the last K runs of a model). */
  RETIRED
}
