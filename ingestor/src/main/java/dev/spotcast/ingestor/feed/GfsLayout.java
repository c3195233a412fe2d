package dev.spotcast.ingestor.feed;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NOAA GFS at 0.25°: {@code gfs.[yyyymmdd]/[HH]/atmos/gfs.t[HH]z.pgrb2.0p25.f[FFF]}, one file per
 * step, with a wgrib2 inventory {@code .idx} beside it. Each line of the inventory is {@code
 * n:offset:d=yyyymmddHH:VAR:level:forecast:}; a field's length is the next line's offset minus its
 * own, and the last field runs to the end of the file (fetched with an open-ended range).
 *
 * <p>Levels are wgrib2's words: {@code 850} means {@code 850 mb}, {@code 2m} {@code 2 m above
 * ground}, {@code sfc} {@code surface}, {@code msl} {@code mean sea level}; any other text is taken
 * as it is (e.g. {@code entire atmosphere}).
 */
public record GfsLayout() implements IndexedLayout {

  /** NOMADS; the same tree is on https://noaa-gfs-bdp-pds.s3.amazonaws.com (NODD). */
  public static final String DEFAULT_BASE_URL =
      "https://nomads.ncep.noaa.gov/pub/data/nccf/com/gfs/prod";

  private static final Pattern HEIGHT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*m");
  private static final Pattern PLAIN_FORECAST = Pattern.compile("anl|\\d+ hour fcst");

  @Override
  public String name() {
    return "gfs";
  }

  @Override
  public String defaultBaseUrl() {
    return DEFAULT_BASE_URL;
  }

  @Override
  public List<Integer> cycles() {
    return List.of(0, 6, 12, 18);
  }

  @Override
  public String dataUrl(String baseUrl, Instant run, int step) {
    String hh = RunTimes.hour(run);
    return String.format(
        Locale.ROOT,
        "%s/gfs.%s/%s/atmos/gfs.t%sz.pgrb2.0p25.f%03d",
        trim(baseUrl),
        RunTimes.day(run),
        hh,
        hh,
        step);
  }

  @Override
  public String indexUrl(String baseUrl, Instant run, int step) {
    return dataUrl(baseUrl, run, step) + ".idx";
  }

  @Override
  public String levelName(String token) {
    String t = token.strip();
    String number = FeedLayout.number(t);
    if (number != null) {
      return number + " mb";
    }
    Matcher height = HEIGHT.matcher(t);
    if (height.matches()) {
      return FeedLayout.number(height.group(1)) + " m above ground";
    }
    return switch (FeedLayout.lower(t)) {
      case "sfc", "surface" -> "surface";
      case "msl" -> "mean sea level";
      default -> t;
    };
  }

  @Override
  public List<IndexEntry> parseIndex(String text, int step) {
    List<String[]> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.isBlank()) {
        lines.add(line.strip().split(":", -1));
      }
    }
    List<IndexEntry> entries = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String[] parts = lines.get(i);
      if (parts.length < 6) {
        throw new IllegalArgumentException(
            "GFS inventory line " + (i + 1) + " is not n:offset:d=...:VAR:level:forecast:");
      }
      long offset = offset(parts, i);
      long length = IndexEntry.TO_END;
      if (i + 1 < lines.size()) {
        long next = offset(lines.get(i + 1), i + 1);
        if (next <= offset) {
          throw new IllegalArgumentException(
              "GFS inventory line "
                  + (i + 2)
                  + ": offsets must grow; "
                  + next
                  + " after "
                  + offset);
        }
        length = next - offset;
      }
      String forecast = parts[5].strip();
      String variant = PLAIN_FORECAST.matcher(forecast).matches() ? "" : forecast;
      entries.add(
          new IndexEntry(
              new FieldKey(parts[3].strip(), parts[4].strip(), step, null, variant),
              offset,
              length));
    }
    return entries;
  }

  private static long offset(String[] parts, int line) {
    try {
      return Long.parseLong(parts[1].strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "GFS inventory line " + (line + 1) + ": offset '" + parts[1] + "' is not a number");
    }
  }

  static String trim(String baseUrl) {
    return baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
  }
}
