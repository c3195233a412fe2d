package dev.spotcast.bench.loadtest;

import dev.spotcast.bench.query.Cities;
import dev.spotcast.bench.query.RandomSpots;
import dev.spotcast.bench.query.VegetaFormat;
import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Writes the points CSV the JMeter plans read: a header {@code lat,lon,vertical,time,kind,model}
 * and N random rows over a run, the same rows for the same seed. Latitude and longitude are uniform
 * over the grid's box (in degrees, the longitude written in [-180, 180)); {@code vertical} is the
 * request's whole vertical fragment, {@code &alt=1234.5} or {@code &pressure=612.3} with the level
 * uniform between the lowest and highest level, or empty for single-level requests ({@code
 * --vertical none}); the time is uniform over the run's valid times to the second, written ISO-8601
 * with Z; {@code kind} is the request the row becomes, {@code series} with probability {@code
 * --series-share} and {@code spot} otherwise (drawn from a generator of its own, so that the places
 * and times of a seed are the same whatever the share); {@code model} is the model the row asks,
 * the {@code --models} in turn, so that each gets the same share of the requests and of every kind.
 * Drawn here, not in the plan, because a draw per request in JMeter (a random variable and an
 * expression) costs the generator more CPU than the service spends on a spot.
 *
 * <pre>
 * java -cp jmeter/target/classes dev.spotcast.bench.loadtest.SpotPoints --out points.csv --count 100000 \
 *     --seed 42 --run today --steps 0-24 --vertical alt --levels 0,1000,3000,5000 --box -90,90,-180,180
 * </pre>
 *
 * <p>{@code --times FIRST..LAST} gives the valid times directly instead of {@code --run} and {@code
 * --steps}.
 */
public final class SpotPoints {

  private SpotPoints() {}

  /** The command line (picocli). */
  @Command(
      name = "SpotPoints",
      mixinStandardHelpOptions = true,
      sortOptions = false,
      description = "Writes the random points CSV of the JMeter plans.")
  static final class Options {
    @Option(
        names = "--out",
        defaultValue = "points.csv",
        description = "the CSV to write (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(
        names = "--count",
        defaultValue = "100000",
        description = "rows (default: ${DEFAULT-VALUE})")
    int count;

    @Option(
        names = "--seed",
        defaultValue = "42",
        description = "seed: the same rows for the same seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
        names = "--box",
        defaultValue = "-90,90,-180,180",
        description = "south,north,west,east (default: ${DEFAULT-VALUE})")
    String box;

    @Option(
        names = "--vertical",
        defaultValue = "alt",
        description = "alt, pressure or none (default: ${DEFAULT-VALUE})")
    String vertical;

    @Option(
        names = "--levels",
        defaultValue = "0,1000,3000,5000",
        description = "the run's levels (default: ${DEFAULT-VALUE})")
    String levels;

    @Option(
        names = "--run",
        defaultValue = "today",
        description = "run time, or today for 00Z today (default: ${DEFAULT-VALUE})")
    String run;

    @Option(
        names = "--steps",
        defaultValue = "0-24",
        description = "the run's steps in hours (default: ${DEFAULT-VALUE})")
    String steps;

    @Option(
        names = "--times",
        defaultValue = "from-run",
        description = "FIRST..LAST valid times instead of --run and --steps")
    String times;

    @Option(
        names = "--cities",
        defaultValue = "none",
        description =
            "the city workload: places drawn from this"
                + " cities CSV (latitude,longitude,population,name) by population, heights within "
                + "100 m of the lowest level; none: uniform over the box (default: ${DEFAULT-VALUE})")
    String cities;

    @Option(
        names = "--series-share",
        defaultValue = "0",
        description =
            "share 0..1 of the rows whose kind is series, the others spot (default:"
                + " ${DEFAULT-VALUE})")
    double seriesShare;

    @Option(
        names = "--models",
        defaultValue = "demo",
        split = ",",
        description =
            "the models the rows ask, in turn: each row one of them (default: ${DEFAULT-VALUE})")
    List<String> models;

    @Option(
        names = "--targets",
        defaultValue = "none",
        description =
            "also write the request the plan makes of each row, in order, to this file as vegeta's"
                + " JSON targets (loadtest --generator vegeta); none: not written (default:"
                + " ${DEFAULT-VALUE})")
    String targets;

    @Option(
        names = "--base",
        defaultValue = "http://127.0.0.1:8080",
        description = "the query service the targets ask (default: ${DEFAULT-VALUE})")
    String base;

    @Option(
        names = "--neighbours",
        defaultValue = "4",
        description = "n= of the targets (default: ${DEFAULT-VALUE})")
    int neighbours;

    @Option(
        names = "--series-params",
        defaultValue = "t,u,v",
        description = "params= of the series targets (default: ${DEFAULT-VALUE})")
    String seriesParams;
  }

  /**
   * The requests the plans make of the rows (spot-constant-rate.jmx's two samplers): {@code null}
   * when none are written.
   */
  record Requests(String base, int neighbours, String seriesParams) {

    /** The URL of one row's request, as the plan's sampler of its kind builds it. */
    String url(String lat, String lon, String vertical, String time, String kind, String model) {
      String place = "?model=" + model + "&lat=" + lat + "&lon=" + lon + vertical;
      return kind.equals("series")
          ? base + "/v1/series" + place + "&n=" + neighbours + "&params=" + seriesParams
          : base + "/v1/spot" + place + "&time=" + time + "&n=" + neighbours;
    }
  }

  public static void main(String[] args) throws IOException {
    Options options = new Options();
    if (!CommandLines.parse(options, args)) {
      return;
    }
    RunExtent run =
        RunExtent.of(
            options.box,
            options.vertical,
            options.levels,
            options.run,
            options.steps,
            options.times);
    Cities places =
        options.cities.equals("none")
            ? null
            : Cities.read(Path.of(options.cities))
                .within(run.south(), run.north(), run.west(), run.east());
    require(
        options.seriesShare >= 0 && options.seriesShare <= 1,
        "--series-share must be from 0 to 1, not " + options.seriesShare);
    require(
        options.base.matches("https?://[^/?#\\s]+"),
        "--base must be the service's scheme, host and port (http://127.0.0.1:8080), not '"
            + options.base
            + "'");
    require(options.neighbours >= 1, "--neighbours must be at least 1, not " + options.neighbours);
    require(
        options.seriesParams.matches("[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*"),
        "--series-params must be parameter names separated by commas (t,u,v), not '"
            + options.seriesParams
            + "'");
    write(
        options.out,
        run,
        options.count,
        options.seed,
        places,
        options.seriesShare,
        options.models,
        options.targets.equals("none") ? null : Path.of(options.targets),
        new Requests(options.base, options.neighbours, options.seriesParams));
    System.out.printf(
        Locale.ROOT,
        "Wrote %,d points over %s .. %s, %s, to %s%n",
        options.count,
        run.firstValid(),
        run.lastValid(),
        run.vertical().isEmpty()
            ? "no vertical parameter"
            : String.format(
                Locale.ROOT, "%s=%s..%s", run.vertical(), run.lowestLevel(), run.highestLevel()),
        options.out.toAbsolutePath());
    if (!options.targets.equals("none")) {
      System.out.printf(
          "Wrote their requests to %s as vegeta's targets%n",
          Path.of(options.targets).toAbsolutePath());
    }
  }

  /** Refuses an option's value, saying what it must be. */
  private static void require(boolean valid, String message) {
    if (!valid) {
      throw new IllegalArgumentException(message);
    }
  }

  static void write(Path out, RunExtent run, int count, long seed) throws IOException {
    write(out, run, count, seed, null, 0, List.of("demo"), null, null);
  }

  /**
   * @param cities the city workload's places (drawn by population, heights within {@value
   *     RandomSpots#NEAR_GROUND_METRES} m of the lowest level, as {@code bench city} asks), or null
   *     for uniform places over the run's box
   * @param seriesShare the share of the rows whose kind is {@code series}
   * @param models the models the rows ask, in turn (row i asks {@code models[i % size]})
   * @param targets where to write each row's request as a vegeta JSON target, or null
   * @param requests what those requests are made of (unused without {@code targets})
   */
  static void write(
      Path out,
      RunExtent run,
      int count,
      long seed,
      Cities cities,
      double seriesShare,
      List<String> models,
      Path targets,
      Requests requests)
      throws IOException {
    if (models.isEmpty()) {
      throw new IllegalArgumentException("--models needs at least one model id");
    }
    for (String model : models) {
      if (!model.matches("[A-Za-z0-9_.-]+")) {
        throw new IllegalArgumentException(
            "--models must be model ids separated by commas (gfs,ecmwf), not '"
                + String.join(",", models)
                + "'");
      }
    }

    if (out.toAbsolutePath().getParent() != null) {
      Files.createDirectories(out.toAbsolutePath().getParent());
    }
    SplittableRandom random = new SplittableRandom(seed);
    SplittableRandom kinds = new SplittableRandom(~seed);
    long first = run.firstValid().getEpochSecond();
    long seconds =
        run.lastValid().getEpochSecond() - first; // inclusive range: [first, first + seconds]
    try (BufferedWriter w = Files.newBufferedWriter(out);
        BufferedWriter t = targets == null ? null : Files.newBufferedWriter(targets)) {
      w.write("lat,lon,vertical,time,kind,model\n");
      for (int i = 0; i < count; i++) {
        double lat = run.south() + random.nextDouble() * (run.north() - run.south());
        double lon = longitude180(run.west() + random.nextDouble() * (run.east() - run.west()));
        double highest =
            cities == null
                ? run.highestLevel()
                : Math.min(run.highestLevel(), run.lowestLevel() + RandomSpots.NEAR_GROUND_METRES);
        double level = run.lowestLevel() + random.nextDouble() * (highest - run.lowestLevel());
        if (cities != null) {
          Cities.City city = cities.draw(random);
          lat = city.lat();
          lon = longitude180(city.lon());
        }
        Instant time = Instant.ofEpochSecond(first + random.nextLong(seconds + 1));
        // Drawn even when unused, so that lat, lon and time are the same rows whatever the
        // vertical.
        String vertical =
            run.vertical().isEmpty()
                ? ""
                : "&" + run.vertical() + "=" + level(level, run.lowestLevel(), run.highestLevel());
        // 5 decimals of a degree is about a metre; Locale.ROOT keeps the decimal point a point.
        String kind = kinds.nextDouble() < seriesShare ? "series" : "spot";
        String latText = String.format(Locale.ROOT, "%.5f", lat);
        String lonText = String.format(Locale.ROOT, "%.5f", lon);
        String model = models.get(i % models.size());
        w.write(String.join(",", latText, lonText, vertical, time.toString(), kind, model));
        w.write('\n');
        if (t != null) {
          String url = requests.url(latText, lonText, vertical, time.toString(), kind, model);
          t.write(VegetaFormat.target("GET", url, Map.of(), new byte[0]));
          t.write('\n');
        }
      }
    }
  }

  /**
   * A level to one decimal (0.1 m, 0.1 hPa), kept within [lowest, highest] so that rounding never
   * puts it outside the run's levels (a 422), written without an exponent.
   */
  static String level(double level, double lowest, double highest) {
    double rounded = Math.clamp(Math.round(level * 10) / 10.0, lowest, highest);
    return BigDecimal.valueOf(rounded).stripTrailingZeros().toPlainString();
  }

  /** Longitude in [-180, 180), what the service accepts for any grid (a box may run past 180). */
  static double longitude180(double lon) {
    return ((lon + 180) % 360 + 360) % 360 - 180;
  }
}
