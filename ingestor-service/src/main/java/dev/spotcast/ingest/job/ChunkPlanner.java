package dev.spotcast.ingest.job;

import dev.spotcast.ingestor.source.ForecastSource.Slice;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a run's slices into chunks. A chunk holds consecutive slices (the sources list them by step,
 * then axis and level, so a chunk mostly stays within one index) up to a document budget: the
 * smaller of the configured size and an even share of the run over {@code minChunks}, so that a
 * small run still gives every worker thread of the fleet several chunks and no thread sits idle
 * while another finishes a big one. A slice is never split: it is the source's unit of work.
 */
public final class ChunkPlanner {

  private final int chunkDocuments;
  private final int minChunks;

  public ChunkPlanner(int chunkDocuments, int minChunks) {
    this.chunkDocuments = chunkDocuments;
    this.minChunks = minChunks;
  }

  public List<List<SliceRef>> plan(List<Slice> slices) {
    long total = slices.stream().mapToLong(Slice::documents).sum();
    long budget = Math.max(1, Math.min(chunkDocuments, (total + minChunks - 1) / minChunks));
    List<List<SliceRef>> chunks = new ArrayList<>();
    List<SliceRef> current = new ArrayList<>();
    long size = 0;
    for (Slice slice : slices) {
      if (!current.isEmpty() && size + slice.documents() > budget) {
        chunks.add(current);
        current = new ArrayList<>();
        size = 0;
      }
      current.add(SliceRef.of(slice));
      size += slice.documents();
    }
    if (!current.isEmpty()) {
      chunks.add(current);
    }
    return chunks;
  }
}
