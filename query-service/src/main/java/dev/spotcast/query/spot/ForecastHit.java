package dev.spotcast.query.spot;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.spotcast.index.ForecastFields;
import java.util.Map;

/**
 * One document found by the neighbour search: grid point, level, step, the requested values, and
 * the distance Elasticsearch sorted it by.
 *
 * @param values parameter name to value; a parameter without a value is absent
 * @param sortDistance arc distance in metres, the first sort value
 */
public record ForecastHit(int point, int level, int step, Map<String, Double> values, double sortDistance) {

  /** The filtered {@code _source} of a forecast document, as Elasticsearch returns it. */
  public record Source(
      @JsonProperty(ForecastFields.POINT) int point,
      @JsonProperty(ForecastFields.LEVEL) int level,
      @JsonProperty(ForecastFields.STEP) int step,
      @JsonProperty(ForecastFields.VALUES) Map<String, Double> values) {}

  public static ForecastHit of(Source source, double sortDistance) {
    Map<String, Double> values = source.values() == null ? Map.of() : source.values();
    return new ForecastHit(source.point(), source.level(), source.step(), values, sortDistance);
  }
}
