package dev.spotcast.query.config;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the query service answers spot requests.
 *
 * @param defaultNeighbours grid points used when a request gives no {@code n}
 * @param maxNeighbours the largest {@code n} a request may ask for (bounds the search size)
 * @param idwPower exponent of the inverse-distance weighting
 * @param catalogRefreshInterval how often the published runs are re-read from the run catalog
 * @param fastPath on regular lat/lon grids, compute the nearest points from the grid and fetch
 *     their documents by id instead of a geo-distance-sorted search (irregular grids always use the
 *     latter)
 * @param unavailableRetryAfter Retry-After of a 503 when Elasticsearch cannot answer (an open
 *     circuit says its own wait instead)
 * @param saturatedRetryAfter Retry-After of a 429 when too many requests wait for Elasticsearch
 * @param maxBatchPoints the most points a {@code POST /v1/spot} batch may hold
 * @param edrMaxPoints the most grid points an EDR area, cube or radius query may cover, and the
 *     most vertices of a trajectory (more: 413)
 * @param searchesInFlight the most ids-path reads of single requests under way at once; requests of
 *     the same run that arrive meanwhile wait and go together as one multi-search when one ends (0:
 *     every request reads alone)
 * @param maxSharedSearch the most requests that share one such read
 * @param maxSharedWait how long a request waits for a shared read before it starts an extra one,
 *     with the requests of its run queued beside it (at most 3 x searches-in-flight extra reads at
 *     once): reads under way that hang, as when a node goes down, hold back no one longer; 0: at
 *     once
 * @param minReadInterval the least time between the starts of two such reads: the request whose
 *     turn it is waits out the rest, gathering the requests that come meanwhile (0: none)
 */
@ConfigurationProperties("spotcast.query")
@Validated
public record QueryProperties(
    @DefaultValue("4") @Min(1) int defaultNeighbours,
    @DefaultValue("64") @Min(1) @Max(1024) int maxNeighbours,
    @DefaultValue("2") @DecimalMin(value = "0", inclusive = false) @DecimalMax("16")
        double idwPower,
    @DefaultValue("2s") @NotNull Duration catalogRefreshInterval,
    @DefaultValue("true") boolean fastPath,
    @DefaultValue("5s") @NotNull Duration unavailableRetryAfter,
    @DefaultValue("1s") @NotNull Duration saturatedRetryAfter,
    @DefaultValue("1000") @Min(1) int maxBatchPoints,
    @DefaultValue("5000") @Min(1) @Max(100000) int edrMaxPoints,
    @DefaultValue("1") @Min(0) int searchesInFlight,
    @DefaultValue("64") @Min(1) @Max(1000) int maxSharedSearch,
    @DefaultValue("50ms") @NotNull Duration maxSharedWait,
    @DefaultValue("5ms") @NotNull Duration minReadInterval) {

  public QueryProperties {
    if (defaultNeighbours > maxNeighbours) {
      throw new IllegalArgumentException(
          "spotcast.query.default-neighbours ("
              + defaultNeighbours
              + ") must not exceed max-neighbours ("
              + maxNeighbours
              + ")");
    }
  }
}
