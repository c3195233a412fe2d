package dev.spotcast.query.search;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.Parameter;
import dev.spotcast.sharding.ShardingStrategy;
import java.util.List;
import java.util.Map;

/**
 * What a neighbour search reads, as the use case hands it over: the run, the place, which grid
 * points, the (level, step) combinations of each index and the parameters. Built once per request;
 * the search needs nothing else of the request.
 *
 * @param strategy the run's sharding strategy: its indices and routing (one object per served run)
 * @param neighbours the n nearest grid points asked for
 * @param searched how many nearest points the geo path sorts: n, or the candidates of a cell
 *     selection
 * @param radiusKm the radius that holds them
 * @param points the grid points the plan decided on a regular lat/lon grid (the corners of the grid
 *     cell for bilinear, the points a cell selection chose, else the n nearest within the radius),
 *     the ones the ids path reads; null where the geo path finds them: on other grids, and the n
 *     nearest when the ids path is not taken ({@code fast-path} off)
 * @param byId whether the points are fetched by id whatever the path: the cell of a bilinear
 *     request, the points of a cell selection
 * @param parameters the parameters read
 * @param byIndex the (level, step) combinations read, grouped by the index that holds them, in a
 *     stable order
 */
public record NeighbourQuery(
    ShardingStrategy strategy,
    double lat,
    double lon,
    int neighbours,
    int searched,
    double radiusKm,
    GridNeighbours.Nearest points,
    boolean byId,
    List<Parameter> parameters,
    Map<String, List<Combination>> byIndex) {

  /** The run searched. */
  public ForecastRun run() {
    return strategy.run();
  }

  /** The radius exactly as the geo path sends it (km with three decimals), in metres. */
  public static double radiusMeters(double radiusKm) {
    return Math.round(radiusKm * 1000);
  }
}
