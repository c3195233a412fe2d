package dev.spotcast.query.catalog;

import dev.spotcast.index.RunRecord;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * One sharding strategy per run the catalog serves, built when the run enters the catalog and
 * dropped when it leaves. Building a strategy hashes every routing tile of the run, so the query
 * path must never build one per request; keyed by run (not by model), requests that alternate
 * {@code run=} between served runs reuse theirs.
 */
final class RunStrategies {

  private volatile Map<String, ShardingStrategy> byRun = Map.of();

  /**
   * The strategy of a served run; a run the catalog does not hold (any more) gets one built, not
   * kept.
   */
  ShardingStrategy of(RunRecord record) {
    ShardingStrategy known = byRun.get(record.id());
    return known != null && known.run() == record.run()
        ? known
        : new ShardingStrategy(record.run());
  }

  /** Keeps the strategies of exactly these runs, building those not held yet. */
  void retain(Collection<RunRecord> records) {
    Map<String, ShardingStrategy> current = byRun;
    Map<String, ShardingStrategy> next = new HashMap<>();
    for (RunRecord record : records) {
      ShardingStrategy known = current.get(record.id());
      next.put(
          record.id(),
          known != null && known.run() == record.run()
              ? known
              : new ShardingStrategy(record.run()));
    }
    byRun = Map.copyOf(next);
  }

  int size() {
    return byRun.size();
  }
}
