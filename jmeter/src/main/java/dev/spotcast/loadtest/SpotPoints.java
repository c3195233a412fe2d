package dev.spotcast.loadtest;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes the points CSV the JMeter plans read: a header {@code lat,lon,alt,time} and N random rows
 * over a run, the same rows for the same seed. Latitude and longitude are uniform over the grid's
 * box (in degrees), the height uniform between the lowest and highest level, the time uniform over
 * the run's valid times to the second, written ISO-8601 with Z.
 *
 * <pre>
 * java -cp jmeter/target/classes dev.spotcast.loadtest.SpotPoints --out points.csv --count 100000 \
 *     --seed 42 --run today --steps 0-24 --levels 0,1000,3000,5000 --box -90,90,-180,180
 * </pre>
 *
 * <p>{@code --times FIRST..LAST} gives the valid times directly instead of {@code --run} and {@code --steps}.
 */
public final class SpotPoints {

  private SpotPoints() {}

  public static void main(String[] args) throws IOException {
    Map<String, String> options = options(args);
    Path out = Path.of(options.getOrDefault("out", "points.csv"));
    int count = Integer.parseInt(options.getOrDefault("count", "100000"));
    long seed = Long.parseLong(options.getOrDefault("seed", "42"));
    RunExtent run = RunExtent.of(
        options.getOrDefault("box", "-90,90,-180,180"),
        options.getOrDefault("levels", "0,1000,3000,5000"),
        options.getOrDefault("run", "today"),
        options.getOrDefault("steps", "0-24"),
        options.getOrDefault("times", "from-run"));
    write(out, run, count, seed);
    System.out.printf(Locale.ROOT, "Wrote %,d points over %s .. %s to %s%n",
        count, run.firstValid(), run.lastValid(), out.toAbsolutePath());
  }

  static void write(Path out, RunExtent run, int count, long seed) throws IOException {
    if (out.toAbsolutePath().getParent() != null) {
      Files.createDirectories(out.toAbsolutePath().getParent());
    }
    SplittableRandom random = new SplittableRandom(seed);
    long first = run.firstValid().getEpochSecond();
    long seconds = run.lastValid().getEpochSecond() - first; // inclusive range: [first, first + seconds]
    try (BufferedWriter w = Files.newBufferedWriter(out)) {
      w.write("lat,lon,alt,time\n");
      for (int i = 0; i < count; i++) {
        double lat = run.south() + random.nextDouble() * (run.north() - run.south());
        double lon = run.west() + random.nextDouble() * (run.east() - run.west());
        double alt = run.lowestLevel() + random.nextDouble() * (run.highestLevel() - run.lowestLevel());
        Instant time = Instant.ofEpochSecond(first + random.nextLong(seconds + 1));
        // 5 decimals of a degree is about a metre; Locale.ROOT keeps the decimal point a point.
        w.write(String.format(Locale.ROOT, "%.5f,%.5f,%.1f,%s%n", lat, lon, alt, time));
      }
    }
  }

  /** "--name value" pairs; anything else is an error worth stopping for. */
  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("expected --name value pairs, got '" + args[i] + "'");
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    return options;
  }
}
