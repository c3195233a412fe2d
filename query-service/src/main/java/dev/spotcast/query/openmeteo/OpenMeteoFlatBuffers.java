package dev.spotcast.query.openmeteo;

import com.google.flatbuffers.FlatBufferBuilder;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Open-Meteo's binary answer ({@code format=flatbuffers}), which its official SDKs read: per place
 * a size-prefixed WeatherApiResponse as Open-Meteo's published schema defines it
 * (github.com/open-meteo/sdk, MIT: the table fields by their ids, the Variable, Unit and
 * Aggregation values), concatenated in the order of the places. Built from the same answer as the
 * JSON (times in Unix seconds), so both carry the same values; a null value is NaN, as the SDKs
 * expect.
 */
final class OpenMeteoFlatBuffers {

  private OpenMeteoFlatBuffers() {}

  /** WeatherApiResponse's fields, by id. */
  private static final int LATITUDE = 0;

  private static final int LONGITUDE = 1;
  private static final int ELEVATION = 2;
  private static final int GENERATION_TIME = 3;
  private static final int LOCATION_ID = 4;
  private static final int UTC_OFFSET = 6;
  private static final int TIMEZONE = 7;
  private static final int TIMEZONE_ABBREVIATION = 8;
  private static final int CURRENT = 9;
  private static final int DAILY = 10;
  private static final int HOURLY = 11;
  private static final int MINUTELY_15 = 12;
  private static final int RESPONSE_FIELDS = 15;

  /** VariablesWithTime's fields. */
  private static final int TIME = 0;

  private static final int TIME_END = 1;
  private static final int INTERVAL = 2;
  private static final int VARIABLES = 3;
  private static final int TIMES_FIELDS = 4;

  /** VariableWithValues' fields. */
  private static final int VARIABLE = 0;

  private static final int UNIT = 1;
  private static final int VALUE = 2;
  private static final int VALUES = 3;
  private static final int VALUES_INT64 = 4;
  private static final int ALTITUDE = 5;
  private static final int AGGREGATION = 6;
  private static final int PRESSURE_LEVEL = 7;
  private static final int ENSEMBLE_MEMBER = 10;
  private static final int VALUE_FIELDS = 13;

  /** The answers of every place, each size-prefixed, one after the other. */
  static byte[] of(OpenMeteoQuery query, List<Map<String, Object>> answers) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < answers.size(); i++) {
      out.writeBytes(place(query, answers.get(i), i));
    }
    return out.toByteArray();
  }

  @SuppressWarnings("unchecked")
  private static byte[] place(OpenMeteoQuery query, Map<String, Object> answer, int location) {
    FlatBufferBuilder b = new FlatBufferBuilder(1024);
    int timezone = b.createString((String) answer.get("timezone"));
    int abbreviation = b.createString((String) answer.get("timezone_abbreviation"));
    int current =
        answer.containsKey("current")
            ? current(
                b,
                (Map<String, Object>) answer.get("current"),
                (Map<String, Object>) answer.get("current_units"))
            : 0;
    int hourly =
        answer.containsKey("hourly")
            ? series(
                b,
                (Map<String, Object>) answer.get("hourly"),
                (Map<String, Object>) answer.get("hourly_units"),
                3600)
            : 0;
    int minutely =
        answer.containsKey("minutely_15")
            ? series(
                b,
                (Map<String, Object>) answer.get("minutely_15"),
                (Map<String, Object>) answer.get("minutely_15_units"),
                900)
            : 0;
    int daily =
        answer.containsKey("daily")
            ? series(
                b,
                (Map<String, Object>) answer.get("daily"),
                (Map<String, Object>) answer.get("daily_units"),
                86400)
            : 0;
    b.startTable(RESPONSE_FIELDS);
    b.addFloat(LATITUDE, number(answer.get("latitude")), 0);
    b.addFloat(LONGITUDE, number(answer.get("longitude")), 0);
    b.addFloat(ELEVATION, number(answer.get("elevation")), 0);
    b.addFloat(GENERATION_TIME, number(answer.get("generationtime_ms")), 0);
    b.addLong(LOCATION_ID, location, 0);
    b.addInt(UTC_OFFSET, ((Number) answer.get("utc_offset_seconds")).intValue(), 0);
    b.addOffset(TIMEZONE, timezone, 0);
    b.addOffset(TIMEZONE_ABBREVIATION, abbreviation, 0);
    if (current != 0) {
      b.addOffset(CURRENT, current, 0);
    }
    if (daily != 0) {
      b.addOffset(DAILY, daily, 0);
    }
    if (hourly != 0) {
      b.addOffset(HOURLY, hourly, 0);
    }
    if (minutely != 0) {
      b.addOffset(MINUTELY_15, minutely, 0);
    }
    b.finishSizePrefixed(b.endTable());
    return b.sizedByteArray();
  }

  private static float number(Object value) {
    return value instanceof Number n ? n.floatValue() : Float.NaN;
  }

  /** Hourly or daily: the first time, the end, the interval and each variable's values. */
  private static int series(
      FlatBufferBuilder b, Map<String, Object> values, Map<String, Object> units, int interval) {
    List<?> times = (List<?>) values.get("time");
    long first = times.isEmpty() ? 0 : ((Number) times.getFirst()).longValue();
    long end = times.isEmpty() ? 0 : ((Number) times.getLast()).longValue() + interval;
    List<Integer> variables = new ArrayList<>();
    for (Map.Entry<String, Object> entry : values.entrySet()) {
      if (entry.getKey().equals("time")) {
        continue;
      }
      String unit = (String) units.get(entry.getKey());
      List<?> list = (List<?>) entry.getValue();
      boolean times64 = unit.equals("unixtime") || unit.equals("iso8601");
      int vector;
      if (times64) {
        b.startVector(8, list.size(), 8);
        for (int i = list.size() - 1; i >= 0; i--) {
          b.addLong(list.get(i) instanceof Number n ? n.longValue() : 0);
        }
      } else {
        b.startVector(4, list.size(), 4);
        for (int i = list.size() - 1; i >= 0; i--) {
          b.addFloat(number(list.get(i)));
        }
      }
      vector = b.endVector();
      variables.add(variable(b, entry.getKey(), unit, times64 ? VALUES_INT64 : VALUES, vector));
    }
    int vector = offsets(b, variables);
    b.startTable(TIMES_FIELDS);
    b.addLong(TIME, first, 0);
    b.addLong(TIME_END, end, 0);
    b.addInt(INTERVAL, interval, 0);
    b.addOffset(VARIABLES, vector, 0);
    return b.endTable();
  }

  /** Current: its time and interval, each variable's one value. */
  private static int current(
      FlatBufferBuilder b, Map<String, Object> values, Map<String, Object> units) {
    List<Integer> variables = new ArrayList<>();
    for (Map.Entry<String, Object> entry : values.entrySet()) {
      if (entry.getKey().equals("time") || entry.getKey().equals("interval")) {
        continue;
      }
      variables.add(
          variable(
              b,
              entry.getKey(),
              (String) units.get(entry.getKey()),
              VALUE,
              number(entry.getValue())));
    }
    int vector = offsets(b, variables);
    b.startTable(TIMES_FIELDS);
    b.addLong(TIME, ((Number) values.get("time")).longValue(), 0);
    b.addLong(TIME_END, ((Number) values.get("time")).longValue() + 900, 0);
    b.addInt(INTERVAL, 900, 0);
    b.addOffset(VARIABLES, vector, 0);
    return b.endTable();
  }

  private static int offsets(FlatBufferBuilder b, List<Integer> tables) {
    b.startVector(4, tables.size(), 4);
    for (int i = tables.size() - 1; i >= 0; i--) {
      b.addOffset(tables.get(i));
    }
    return b.endVector();
  }

  /** A VariableWithValues: the variable named by the catalogue name (a model suffix dropped). */
  private static int variable(
      FlatBufferBuilder b, String key, String unit, int field, float value) {
    return variable(b, key, unit, field, 0, value);
  }

  private static int variable(FlatBufferBuilder b, String key, String unit, int field, int vector) {
    return variable(b, key, unit, field, vector, 0f);
  }

  private static int variable(
      FlatBufferBuilder b, String key, String unit, int field, int vector, float value) {
    OpenMeteoVariables.Identity id = OpenMeteoVariables.identity(catalogueName(key));
    b.startTable(VALUE_FIELDS);
    b.addByte(VARIABLE, (byte) id.variable(), 0);
    b.addByte(UNIT, (byte) OpenMeteoVariables.schemaUnit(unit), 0);
    if (field == VALUE) {
      b.addFloat(VALUE, value, 0);
    } else {
      b.addOffset(field, vector, 0);
    }
    b.addShort(ALTITUDE, (short) id.altitude(), 0);
    b.addByte(AGGREGATION, (byte) id.aggregation(), 0);
    b.addShort(PRESSURE_LEVEL, (short) id.pressureLevel(), 0);
    b.addShort(ENSEMBLE_MEMBER, (short) member(key), 0);
    return b.endTable();
  }

  private static final java.util.regex.Pattern MEMBER =
      java.util.regex.Pattern.compile("_member(\\d{2,3})(?:_|$)");

  /** The ensemble member of an answer's key (NAME_memberNN), 0 for the control and a model's. */
  private static int member(String key) {
    java.util.regex.Matcher m = MEMBER.matcher(key);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  /** The catalogue's name of an answer's key: without the _MODEL of a request for several. */
  private static String catalogueName(String key) {
    String name = key;
    while (!name.isEmpty()
        && OpenMeteoVariables.hourly(name) == null
        && OpenMeteoVariables.daily(name) == null) {
      int cut = name.lastIndexOf('_');
      if (cut < 0) {
        return key;
      }
      name = name.substring(0, cut);
    }
    return name.isEmpty() ? key : name;
  }
}
