package dev.spotcast.query.edr;

import dev.spotcast.query.spot.BadParameterException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/** The output formats of a position query ({@code f=}): CoverageJSON (the default) and GeoJSON. */
public enum EdrFormat {
  COVERAGE_JSON("CoverageJSON", "application/prs.coverage+json"),
  GEO_JSON("GeoJSON", "application/geo+json");

  private final String label;
  private final MediaType mediaType;

  EdrFormat(String label, String mediaType) {
    this.label = label;
    this.mediaType = MediaType.parseMediaType(mediaType);
  }

  /** The name EDR metadata and {@code f=} use: CoverageJSON, GeoJSON. */
  public String label() {
    return label;
  }

  public MediaType mediaType() {
    return mediaType;
  }

  /**
   * The format of an {@code f=} value: its name (case-insensitive, CoverageJSON or GeoJSON, also
   * covjson) or its media type; absent means CoverageJSON.
   */
  public static EdrFormat of(String text) {
    return of(text, null);
  }

  /**
   * The format of {@code f=}, or when absent the first of the two formats the Accept header names
   * (by quality), else CoverageJSON. {@code f=} wins over Accept, as EDR asks.
   */
  public static EdrFormat of(String text, String accept) {
    if ((text == null || text.isBlank()) && accept != null && !accept.isBlank()) {
      try {
        List<MediaType> accepted = new ArrayList<>(MediaType.parseMediaTypes(accept));
        accepted.sort(Comparator.comparingDouble(MediaType::getQualityValue).reversed());
        for (MediaType type : accepted) {
          for (EdrFormat format : values()) {
            if (type.getQualityValue() > 0 && format.mediaType.equalsTypeAndSubtype(type)) {
              return format;
            }
          }
        }
      } catch (InvalidMediaTypeException e) {
        // A malformed Accept header does not choose a format.
      }
    }
    return named(text);
  }

  private static EdrFormat named(String text) {
    if (text == null || text.isBlank()) {
      return COVERAGE_JSON;
    }
    String value = text.strip().toLowerCase(Locale.ROOT);
    for (EdrFormat format : values()) {
      if (format.label.toLowerCase(Locale.ROOT).equals(value)
          || format.mediaType.toString().equals(value)) {
        return format;
      }
    }
    if (value.equals("covjson")) {
      return COVERAGE_JSON;
    }
    throw new BadParameterException(
        "f",
        "f must be CoverageJSON (default, "
            + COVERAGE_JSON.mediaType
            + ") or GeoJSON ("
            + GEO_JSON.mediaType
            + "); got '"
            + text.strip()
            + "'");
  }
}
