package dev.spotcast.query.spot;

import co.elastic.clients.json.JsonData;
import dev.spotcast.index.ForecastFields;
import jakarta.json.JsonArray;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One document found by the neighbour search: grid point, level, step, the requested values, and
 * the distance Elasticsearch sorted it by.
 *
 * @param values parameter name to value; a parameter without a value is absent
 * @param sortDistance arc distance in metres, the first sort value
 */
public record ForecastHit(int point, int level, int step, Map<String, Double> values, double sortDistance) {

  private static final String VALUE_PREFIX = ForecastFields.VALUES + ".";

  /**
   * Reads a hit's {@code fields} as returned for {@code docvalue_fields}: every field is an array,
   * a field without a value is absent.
   */
  public static ForecastHit of(Map<String, JsonData> fields, double sortDistance) {
    Map<String, Double> values = new HashMap<>();
    for (Map.Entry<String, JsonData> field : fields.entrySet()) {
      if (field.getKey().startsWith(VALUE_PREFIX)) {
        values.put(field.getKey().substring(VALUE_PREFIX.length()), first(field.getValue()));
      }
    }
    return new ForecastHit(
        (int) first(fields.get(ForecastFields.POINT)),
        (int) first(fields.get(ForecastFields.LEVEL)),
        (int) first(fields.get(ForecastFields.STEP)),
        values,
        sortDistance);
  }

  private static double first(JsonData field) {
    if (field == null) {
      throw new IllegalStateException("a forecast document without grid point, level or step");
    }
    JsonArray array = field.toJson().asJsonArray();
    return array.getJsonNumber(0).doubleValue();
  }

  /** The doc-value fields to fetch: grid point, level, step and the requested values. */
  public static List<String> fields(List<String> parameters) {
    List<String> fields = new java.util.ArrayList<>(3 + parameters.size());
    fields.add(ForecastFields.POINT);
    fields.add(ForecastFields.LEVEL);
    fields.add(ForecastFields.STEP);
    for (String parameter : parameters) {
      fields.add(ForecastFields.value(parameter));
    }
    return fields;
  }
}
