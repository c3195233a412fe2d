package dev.spotcast.ingest.job;

import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.sharding.ShardingStrategy;
import org.slf4j.LoggerFactory;

/** A job's source, ready to produce slices, with what it holds open (forecast files). */
public record OpenedSource(
    ForecastSource source, ShardingStrategy strategy, AutoCloseable resources)
    implements AutoCloseable {

  @Override
  public void close() {
    try {
      resources.close();
    } catch (Exception e) {
      // Closing read-only files: nothing to recover, nothing lost.
      LoggerFactory.getLogger(OpenedSource.class).warn("closing the source failed", e);
    }
  }
}
