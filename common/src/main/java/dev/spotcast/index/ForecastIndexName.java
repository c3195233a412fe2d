package dev.spotcast.index;

import dev.spotcast.sharding.ShardingStrategy;
import java.util.Optional;

/** The model and run a forecast index belongs to, read back from its name. */
public record ForecastIndexName(String model, String runId) {

  /** Parses {@code spotcast-fc-MODEL-RUNID-BAND...}; empty for any other index. */
  public static Optional<ForecastIndexName> parse(String index) {
    if (!index.startsWith(ShardingStrategy.INDEX_PREFIX)) {
      return Optional.empty();
    }
    String[] parts = index.substring(ShardingStrategy.INDEX_PREFIX.length()).split("-");
    if (parts.length < 3) {
      return Optional.empty();
    }
    return Optional.of(new ForecastIndexName(parts[0], parts[1]));
  }
}
