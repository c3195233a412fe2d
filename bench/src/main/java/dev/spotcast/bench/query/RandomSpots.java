package dev.spotcast.bench.query;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.Vertical;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random spot requests over a run, reproducible from a seed: a place on the grid's area, a height
 * between the lowest and highest level, a time between the first and last step. Most of them fall
 * between two levels and two steps, so the service reads 4 (level, step) combinations.
 *
 * <p>Each request exists as the query string {@code /v1/spot} receives and as the {@link
 * SpotRequest} the service parses from it: numbers are generated as decimal strings first and
 * parsed back, so both sides plan exactly the same search.
 */
public final class RandomSpots {

  /**
   * How places are drawn: uniformly over the sphere's area, uniformly in degrees (more near the
   * poles), or the world's cities weighted by population ({@link Cities}), at heights near the
   * ground.
   */
  enum Sampling {
    AREA,
    DEGREES,
    CITIES
  }

  /**
   * Heights of the city workload: up to this many metres above the run's lowest level (people ask
   * near the ground).
   */
  public static final double NEAR_GROUND_METRES = 100;

  /** One request: the service's query string and the parsed request. */
  record Spot(String queryString, SpotRequest request) {}

  private RandomSpots() {}

  /**
   * @param cities the places of {@link Sampling#CITIES} (ignored otherwise)
   */
  static List<Spot> generate(
      ForecastRun run,
      int count,
      long seed,
      Sampling sampling,
      Cities cities,
      int neighbours,
      List<String> params) {
    if (!(run.grid() instanceof RegularLatLonGrid grid)) {
      throw new IllegalArgumentException("only regular lat/lon grids are supported");
    }
    double south = grid.south();
    double north = grid.north();
    boolean global = grid.global();
    double west = global ? -180 : grid.lon0();
    double span = global ? 360 : grid.dLon() * (grid.nLon() - 1);
    LevelAxis heights = run.axes().get(run.axisPosition(LevelType.HEIGHT_ABOVE_GROUND));
    double lowest = heights.lowest();
    double highest =
        sampling == Sampling.CITIES
            ? Math.min(heights.highest(), lowest + NEAR_GROUND_METRES)
            : heights.highest();
    Cities places = sampling == Sampling.CITIES ? cities.within(grid) : null;
    long firstSecond = run.validTime(run.steps().getFirst()).getEpochSecond();
    long lastSecond = run.validTime(run.steps().getLast()).getEpochSecond();

    SplittableRandom random = new SplittableRandom(seed);
    List<Spot> spots = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      double lat;
      double lon;
      if (places != null) {
        Cities.City city = places.draw(random);
        lat = city.lat();
        lon = city.lon();
      } else {
        lat =
            switch (sampling) {
              case AREA -> {
                double lo = Math.sin(Math.toRadians(south));
                double hi = Math.sin(Math.toRadians(north));
                yield Math.toDegrees(Math.asin(lo + random.nextDouble() * (hi - lo)));
              }
              case DEGREES, CITIES -> south + random.nextDouble() * (north - south);
            };
        lon = west + random.nextDouble() * span;
        if (global && lon >= 180) {
          lon -= 360;
        }
      }
      double alt = lowest + random.nextDouble() * (highest - lowest);
      long second =
          firstSecond + (long) Math.floor(random.nextDouble() * (lastSecond - firstSecond + 1));
      second = Math.min(second, lastSecond);

      // 1e-5 degrees is about a metre: enough to land between grid points almost always.
      String latText = decimal(Math.max(south, Math.min(north, lat)), 5);
      String lonText = decimal(lon, 5);
      String altText = decimal(alt, 1);
      String timeText = Instant.ofEpochSecond(second).toString();
      StringBuilder query =
          new StringBuilder("model=")
              .append(URLEncoder.encode(run.model(), StandardCharsets.UTF_8))
              .append("&lat=")
              .append(latText)
              .append("&lon=")
              .append(lonText)
              .append("&alt=")
              .append(altText)
              .append("&time=")
              .append(URLEncoder.encode(timeText, StandardCharsets.UTF_8))
              .append("&n=")
              .append(neighbours);
      if (!params.isEmpty()) {
        query
            .append("&params=")
            .append(URLEncoder.encode(String.join(",", params), StandardCharsets.UTF_8));
      }
      SpotRequest request =
          SpotRequest.of(
              RunSelection.published(run.model()),
              Place.at(
                  Double.parseDouble(latText),
                  RegularLatLonGrid.normaliseLongitude(Double.parseDouble(lonText)),
                  Vertical.height(Double.parseDouble(altText))),
              Reading.idw(neighbours, params),
              Instant.parse(timeText));
      spots.add(new Spot(query.toString(), request));
    }
    return spots;
  }

  private static String decimal(double value, int scale) {
    return BigDecimal.valueOf(value)
        .setScale(scale, RoundingMode.HALF_EVEN)
        .stripTrailingZeros()
        .toPlainString();
  }
}
