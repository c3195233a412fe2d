package dev.spotcast.query.search;

import co.elastic.clients.json.JsonBuffer;
import co.elastic.clients.json.JsonData;
import co.elastic.clients.json.jackson.JacksonJsonpParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.spotcast.index.ForecastFields;
import jakarta.json.JsonArray;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One document found by the neighbour search: level type, grid point, level, step, the requested
 * values, the distance Elasticsearch sorted it by, and (for grids whose points do not follow from
 * the grid definition) the point's coordinates.
 *
 * @param axisPosition the run axis (level type) of the index the document came from
 * @param values parameter name to value; a parameter without a value is absent
 * @param sortDistance arc distance in metres, the first sort value
 * @param lat latitude of the point, NaN when not fetched
 * @param lon longitude of the point, NaN when not fetched
 */
public record ForecastHit(
    int axisPosition, int point, double level, int step, Map<String, Double> values, double sortDistance,
    double lat, double lon) {

  private static final String VALUE_PREFIX = ForecastFields.VALUES + ".";

  /** The same document with the distance it is ranked by. */
  public ForecastHit withSortDistance(double distance) {
    return new ForecastHit(axisPosition, point, level, step, values, distance, lat, lon);
  }

  /**
   * Reads a hit's {@code fields} as returned for {@code docvalue_fields}: every field is an array,
   * a field without a value is absent.
   */
  public static ForecastHit of(Map<String, JsonData> fields, double sortDistance, int axisPosition) {
    Map<String, Double> values = new HashMap<>();
    for (Map.Entry<String, JsonData> field : fields.entrySet()) {
      if (field.getKey().startsWith(VALUE_PREFIX)) {
        values.put(field.getKey().substring(VALUE_PREFIX.length()), first(field.getValue()));
      }
    }
    double lat = Double.NaN;
    double lon = Double.NaN;
    JsonData location = fields.get(ForecastFields.LOCATION);
    if (location != null) {
      double[] latLon = latLon(location.toJson().asJsonArray().get(0));
      lat = latLon[0];
      lon = latLon[1];
    }
    return new ForecastHit(
        axisPosition,
        (int) first(fields.get(ForecastFields.POINT)),
        first(fields.get(ForecastFields.LEVEL)),
        (int) first(fields.get(ForecastFields.STEP)),
        values,
        sortDistance,
        lat,
        lon);
  }

  /**
   * A geo_point doc value: GeoJSON ({@code {"type":"Point","coordinates":[lon,lat]}}) or the
   * {@code "lat, lon"} string older formats give.
   */
  private static double[] latLon(jakarta.json.JsonValue value) {
    if (value instanceof jakarta.json.JsonObject object && object.containsKey("coordinates")) {
      JsonArray coordinates = object.getJsonArray("coordinates");
      return new double[] {coordinates.getJsonNumber(1).doubleValue(), coordinates.getJsonNumber(0).doubleValue()};
    }
    if (value instanceof jakarta.json.JsonString text) {
      String[] parts = text.getString().split(",");
      return new double[] {Double.parseDouble(parts[0].strip()), Double.parseDouble(parts[1].strip())};
    }
    throw new IllegalStateException("unexpected geo_point doc value: " + value);
  }

  private static double first(JsonData field) {
    if (field == null) {
      // Seen once while a node holding the shard was killed: a hit whose doc values did not come back. The
      // documents all have them, so this is Elasticsearch's moment, not the data: a 503 to retry, not a 500.
      throw new SearchUnavailableException(
          "Elasticsearch answered a forecast document without its grid point, level or step (a shard copy going"
              + " away?)", null);
    }
    // Straight from the buffered JSON tokens with Jackson: toJson() would build JSON-P values (a
    // BigDecimal per number) first, a tenth of the service's CPU per request; to(double[].class)
    // looks up a deserializer and builds an array per field, 5-7 % of it.
    if (field instanceof JsonBuffer buffer && buffer.asParser() instanceof JacksonJsonpParser parser) {
      try {
        com.fasterxml.jackson.core.JsonParser tokens = parser.jacksonParser();
        if (tokens.nextToken() == JsonToken.START_ARRAY && tokens.nextToken().isNumeric()) {
          return tokens.getDoubleValue();
        }
      } catch (java.io.IOException e) {
        // Not a number array after all: the general reader below says what it is.
      }
    }
    return field.to(double[].class)[0];
  }

  /**
   * The doc-value fields to fetch: grid point, level, step, the requested values, and the location
   * when the grid does not give the points' coordinates.
   */
  public static List<String> fields(List<String> parameters, boolean withLocation) {
    List<String> fields = new java.util.ArrayList<>(4 + parameters.size());
    if (withLocation) {
      fields.add(ForecastFields.LOCATION);
    }
    fields.add(ForecastFields.POINT);
    fields.add(ForecastFields.LEVEL);
    fields.add(ForecastFields.STEP);
    for (String parameter : parameters) {
      fields.add(ForecastFields.value(parameter));
    }
    return fields;
  }
}
