package dev.spotcast.query.spot;

import dev.spotcast.model.LevelType;
import java.util.Objects;

/**
 * Where in the vertical a request asks: a height above ground ({@code alt=}, m) or a pressure
 * ({@code pressure=}, hPa). A request with neither asks for the single-level fields (surface, mean
 * sea level).
 */
public record Vertical(LevelType type, double value) {

  public Vertical {
    Objects.requireNonNull(type, "type");
    if (type.singleLevel()) {
      throw new IllegalArgumentException(type.label() + " has no vertical coordinate to ask for");
    }
  }

  public static Vertical height(double metres) {
    return new Vertical(LevelType.HEIGHT_ABOVE_GROUND, metres);
  }

  public static Vertical pressure(double hectopascals) {
    return new Vertical(LevelType.ISOBARIC, hectopascals);
  }

  /** The request parameter that carried it: alt or pressure. */
  public String parameter() {
    return type.queryParameter();
  }
}
