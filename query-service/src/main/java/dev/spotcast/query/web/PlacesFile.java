package dev.spotcast.query.web;

import dev.spotcast.query.spot.RecentPlaces;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The file of the places an instance was asked about most ({@code
 * spotcast.query.warmup.places-file}): one place per line, as the query of the {@code GET
 * /v1/series} request that reads its documents (model, lat, lon, alt or pressure, n, method,
 * params), most asked first; lines starting with {@code #} are comments. Plain text, so that an
 * operator can read it, trim it, or copy an instance's file to a new instance.
 */
final class PlacesFile {

  private PlacesFile() {}

  /** The query of the series request at a place. */
  static String query(RecentPlaces.Place place) {
    StringBuilder query =
        new StringBuilder("model=")
            .append(encode(place.model()))
            .append("&lat=")
            .append(plain(place.lat()))
            .append("&lon=")
            .append(plain(place.lon()));
    if (place.vertical() != null) {
      query
          .append('&')
          .append(place.vertical().parameter())
          .append('=')
          .append(plain(place.vertical().value()));
    }
    query
        .append("&n=")
        .append(place.neighbours())
        .append("&method=")
        .append(place.method().label());
    if (!place.params().isEmpty()) {
      query.append("&params=").append(encode(String.join(",", place.params())));
    }
    return query.toString();
  }

  /** Writes the places, replacing the file at once (a reader never sees half of it). */
  static void save(Path file, List<RecentPlaces.Place> places) throws IOException {
    List<String> lines = new ArrayList<>(places.size() + 2);
    lines.add(
        "# Spotcast query service: the places asked most, most first; one GET /v1/series query");
    lines.add("# per line. A starting instance reads their documents before it says it is ready.");
    places.forEach(place -> lines.add(query(place)));
    replace(file, lines);
  }

  /** Writes the lines to the file, replacing it at once (a reader never sees half of it). */
  static void replace(Path file, List<String> lines) throws IOException {
    Path absolute = file.toAbsolutePath();
    Files.createDirectories(absolute.getParent());
    Path written = Files.createTempFile(absolute.getParent(), ".spotcast", ".tmp");
    try {
      Files.write(written, lines, StandardCharsets.UTF_8);
      Files.move(
          written, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(written);
    }
  }

  /** The queries of the file, in its order; none when there is no file. */
  static List<String> load(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
        .map(String::strip)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .toList();
  }

  /** The model a query names, or null. */
  static String model(String query) {
    for (String pair : query.split("&")) {
      if (pair.startsWith("model=")) {
        return URLDecoder.decode(pair.substring("model=".length()), StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  private static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
