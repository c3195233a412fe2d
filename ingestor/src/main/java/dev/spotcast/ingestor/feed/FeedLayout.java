package dev.spotcast.ingestor.feed;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Where a publisher puts a run's fields and how it names them: one class per publisher layout, so
 * the paths of the real public servers are written down in one place each. The base URL is never
 * part of the layout: it is a setting (the publisher's default, a mirror or a company proxy).
 *
 * <p>Two kinds exist. {@link IndexedLayout}: one big file per step with an index of every field's
 * byte range beside it (ECMWF open data, NOAA GFS), so only the wanted ranges are fetched. {@link
 * IconEuLayout}: one small compressed file per field, fetched whole.
 */
public sealed interface FeedLayout permits IndexedLayout, IconEuLayout {

  /** The name on the command line and in file names, e.g. {@code gfs}. */
  String name();

  /** The publisher's own server, reached only in production; tests and mirrors give their own. */
  String defaultBaseUrl();

  /** The hours (UTC) of the runs the publisher makes, ascending. */
  List<Integer> cycles();

  /** The publisher's name of a level given on the command line (e.g. GFS: 850 → 850 mb). */
  String levelName(String token);

  /**
   * The URL whose presence says that a step of a run is published: the index for indexed layouts,
   * the first wanted field's file for ICON.
   */
  String probeUrl(String baseUrl, Instant run, int step, FieldSelection selection);

  /** Whether a field of the index is wanted: parameter, level, step and member. */
  default boolean wanted(FieldKey key, FieldSelection selection) {
    boolean param =
        selection.params().stream().anyMatch(p -> p.strip().equalsIgnoreCase(key.param()));
    boolean level =
        selection.levels().isEmpty()
            || selection.levels().stream()
                .anyMatch(token -> levelName(token).equalsIgnoreCase(key.level()));
    boolean member =
        key.member() == null
            || selection.members().isEmpty()
            || selection.members().contains(key.member());
    return param && level && member && selection.steps().contains(key.step());
  }

  /** {@code 850}, {@code 850.0} → {@code 850}; {@code 0.5} stays; null if not a number. */
  static String number(String token) {
    try {
      double value = Double.parseDouble(token.strip());
      return value == Math.rint(value) && Math.abs(value) < 1e9
          ? Long.toString((long) value)
          : Double.toString(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static String lower(String text) {
    return text.strip().toLowerCase(Locale.ROOT);
  }
}
