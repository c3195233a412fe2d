package dev.spotcast.bench.query;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.StringJoiner;

/**
 * The service phase's mix of spot requests and time series ({@code --series-share}), as weather
 * apps ask: the same random places, a share of them asked as {@code GET /v1/series} (every step of
 * the published run at the place and height) instead of {@code GET /v1/spot} at one time.
 *
 * <p>Which requests are series is fixed by their position, spread evenly: request {@code i}
 * (0-based) is a series when {@code floor((i + 1) F)} exceeds {@code floor(i F)}, F counted in
 * millionths. A share of 0.2 makes requests 4, 9, 14, ... series: one in five, whatever slice of
 * the list a generator's worker or connection replays.
 */
final class RequestMix {

  static final String SPOT = "spot";
  static final String SERIES = "series";

  /** The kinds in the order the generators count them: index 0 spot, 1 series. */
  static final List<String> KINDS = List.of(SPOT, SERIES);

  private static final long MILLION = 1_000_000;

  private RequestMix() {}

  /** Whether request {@code index} of the list is a series at a share {@code share} (0..1). */
  static boolean isSeries(long index, double share) {
    long millionths = Math.round(share * MILLION);
    return (index + 1) * millionths / MILLION > index * millionths / MILLION;
  }

  /**
   * The series request at the place of a spot request: its query string without {@code time} (the
   * series has every step) and with {@code params} set to {@code seriesParams} (all of the model's
   * when empty); the other parameters, in their order and encoding.
   */
  static String seriesQuery(String spotQuery, List<String> seriesParams) {
    StringJoiner query = new StringJoiner("&");
    for (String pair : spotQuery.split("&")) {
      String name = pair.contains("=") ? pair.substring(0, pair.indexOf('=')) : pair;
      if (!name.equals("time") && !name.equals("params") && !pair.isEmpty()) {
        query.add(pair);
      }
    }
    if (!seriesParams.isEmpty()) {
      query.add(
          "params=" + URLEncoder.encode(String.join(",", seriesParams), StandardCharsets.UTF_8));
    }
    return query.toString();
  }

  /** The kind of a request by its path or URL: series for {@code /v1/series}, else spot. */
  static String kindOf(String pathOrUrl) {
    return pathOrUrl.contains("/v1/series?") || pathOrUrl.endsWith("/v1/series") ? SERIES : SPOT;
  }

  /** {@link #KINDS}' index of a kind. */
  static int indexOf(String kind) {
    return KINDS.indexOf(kind);
  }
}
