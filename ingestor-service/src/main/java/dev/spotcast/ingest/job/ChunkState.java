package dev.spotcast.ingest.job;

/** Where a chunk stands: waiting for a worker, being loaded by one, loaded, or given up. */
public enum ChunkState {
  TODO,
  RUNNING,
  DONE,
  FAILED
}
