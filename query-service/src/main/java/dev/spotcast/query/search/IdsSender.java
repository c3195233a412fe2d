package dev.spotcast.query.search;

import io.micrometer.core.instrument.Timer;
import java.util.ArrayList;
import java.util.List;

/**
 * Sends the ids-path reads of single requests for {@link SharedReads}: one read by itself as an ids
 * search ({@link SearchPlans#ids(NeighbourQuery, GridNeighbours.Nearest, boolean)}), several reads
 * of one run as one multi-search ({@link SearchPlans.Batch}), each call through {@link SearchCalls}
 * and timed. Reads of one run may go together: they read the same indices.
 */
final class IdsSender implements SharedReads.Sender<DocumentReads.IdsRead, List<ForecastHit>> {

  private final SearchCalls calls;
  private final boolean fastPath;
  private final boolean whole;
  private final Timer idsTimer;
  private final Timer idsMsearchTimer;
  private final Timer sharedTimer;

  /**
   * @param fastPath whether regular grids take the ids path (how the reads sent together are
   *     searched)
   * @param whole whether blocks are read whole, as the document cache keeps them
   * @param idsTimer times a read sent alone that is one search
   * @param idsMsearchTimer times a read sent alone that is a multi-search
   * @param sharedTimer times the reads sent together
   */
  IdsSender(
      SearchCalls calls,
      boolean fastPath,
      boolean whole,
      Timer idsTimer,
      Timer idsMsearchTimer,
      Timer sharedTimer) {
    this.calls = calls;
    this.fastPath = fastPath;
    this.whole = whole;
    this.idsTimer = idsTimer;
    this.idsMsearchTimer = idsMsearchTimer;
    this.sharedTimer = sharedTimer;
  }

  @Override
  public Object group(DocumentReads.IdsRead read) {
    return read.query().strategy();
  }

  @Override
  public List<ForecastHit> one(DocumentReads.IdsRead read) {
    SearchPlan ids = SearchPlans.ids(read.query(), read.points(), whole);
    return (ids.multi() ? idsMsearchTimer : idsTimer).record(() -> calls.hits(ids, read.points()));
  }

  @Override
  public List<List<ForecastHit>> many(List<DocumentReads.IdsRead> reads) {
    List<NeighbourQuery> queries = new ArrayList<>(reads.size());
    reads.forEach(read -> queries.add(read.query()));
    return sharedTimer.record(() -> calls.hits(SearchPlans.Batch.of(queries, fastPath, whole)));
  }
}
