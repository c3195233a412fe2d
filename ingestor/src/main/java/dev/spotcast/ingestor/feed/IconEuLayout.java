package dev.spotcast.ingestor.feed;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * DWD ICON-EU open data: one bzip2-compressed GRIB2 file per parameter, level and step, {@code
 * [ROOT]/[HH]/[param]/icon-eu_europe_regular-lat-lon_[kind]_[yyyymmddHH]_[FFF]_[level_][PARAM].grib2.bz2}
 * with kind {@code single-level}, {@code pressure-level} or {@code model-level}, the parameter in
 * lower case in the folder and upper case in the name. There is no index: each field is fetched
 * whole and decompressed as it arrives.
 *
 * <p>Levels: none or {@code sfc} the single level (field level {@code single}), a number a pressure
 * level in hPa, {@code ml60} model level 60. Runs every 3 hours.
 */
public record IconEuLayout() implements FeedLayout {

  public static final String DEFAULT_BASE_URL = "https://opendata.dwd.de/weather/nwp/icon-eu/grib";

  /** One field's file. */
  public record FieldFile(FieldKey key, String url) {}

  @Override
  public String name() {
    return "icon-eu";
  }

  @Override
  public String defaultBaseUrl() {
    return DEFAULT_BASE_URL;
  }

  @Override
  public List<Integer> cycles() {
    return List.of(0, 3, 6, 9, 12, 15, 18, 21);
  }

  @Override
  public String levelName(String token) {
    String number = FeedLayout.number(token);
    if (number != null) {
      return number;
    }
    String t = FeedLayout.lower(token);
    return switch (t) {
      case "sfc", "single", "single-level", "surface" -> "single";
      default -> t;
    };
  }

  /** The files of the wanted fields of one step: every parameter on every level. */
  public List<FieldFile> files(String baseUrl, Instant run, int step, FieldSelection selection) {
    List<String> levels = selection.levels().isEmpty() ? List.of("single") : selection.levels();
    List<FieldFile> files = new ArrayList<>();
    for (String param : selection.params()) {
      for (String token : levels) {
        String level = levelName(token);
        FieldKey key = FieldKey.of(FeedLayout.lower(param), level, step);
        files.add(new FieldFile(key, url(baseUrl, run, key)));
      }
    }
    return files;
  }

  /**
   * The URL of one field's file.
   *
   * @throws IllegalArgumentException for a level that is none of the three kinds
   */
  public String url(String baseUrl, Instant run, FieldKey key) {
    String kind;
    String levelPart;
    if (key.level().equals("single")) {
      kind = "single-level";
      levelPart = "";
    } else if (FeedLayout.number(key.level()) != null) {
      kind = "pressure-level";
      levelPart = key.level() + "_";
    } else if (key.level().matches("ml\\d+")) {
      kind = "model-level";
      levelPart = key.level().substring(2) + "_";
    } else {
      throw new IllegalArgumentException(
          "ICON-EU level '"
              + key.level()
              + "' is none of sfc, a pressure in hPa (e.g. 850) or a model level (e.g. ml60)");
    }
    String param = key.param().strip();
    return String.format(
        Locale.ROOT,
        "%s/%s/%s/icon-eu_europe_regular-lat-lon_%s_%s_%03d_%s%s.grib2.bz2",
        GfsLayout.trim(baseUrl),
        RunTimes.hour(run),
        param.toLowerCase(Locale.ROOT),
        kind,
        RunTimes.run(run),
        key.step(),
        levelPart,
        param.toUpperCase(Locale.ROOT));
  }

  @Override
  public String probeUrl(String baseUrl, Instant run, int step, FieldSelection selection) {
    return files(baseUrl, run, step, selection).getFirst().url();
  }
}
