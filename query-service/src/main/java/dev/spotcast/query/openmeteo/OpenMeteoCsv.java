package dev.spotcast.query.openmeteo;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Open-Meteo's CSV answer ({@code format=csv}): a line naming the place (latitude, longitude,
 * elevation, UTC offset, zone), then per block asked for (current, minutely_15, hourly, daily),
 * after an empty line, a header {@code time,NAME (UNIT),...} and a row per time. Several places: a
 * {@code location_id} first on every header and row, the places' lines together at the top and each
 * block's rows place after place. A null is an empty field.
 */
final class OpenMeteoCsv {

  private OpenMeteoCsv() {}

  private static final List<String> PLACE =
      List.of(
          "latitude",
          "longitude",
          "elevation",
          "utc_offset_seconds",
          "timezone",
          "timezone_abbreviation");

  private static final List<String> BLOCKS = List.of("current", "minutely_15", "hourly", "daily");

  @SuppressWarnings("unchecked")
  static String of(List<Map<String, Object>> answers) {
    boolean several = answers.size() > 1;
    StringBuilder csv = new StringBuilder();
    csv.append(several ? "location_id," : "").append(String.join(",", PLACE)).append('\n');
    for (int i = 0; i < answers.size(); i++) {
      List<String> fields = new ArrayList<>();
      for (String name : PLACE) {
        fields.add(field(answers.get(i).get(name)));
      }
      csv.append(several ? i + "," : "").append(String.join(",", fields)).append('\n');
    }
    for (String block : BLOCKS) {
      if (!answers.getFirst().containsKey(block)) {
        continue;
      }
      csv.append('\n');
      Map<String, Object> units = (Map<String, Object>) answers.getFirst().get(block + "_units");
      List<String> header = new ArrayList<>();
      for (Map.Entry<String, Object> unit : units.entrySet()) {
        String name = unit.getKey();
        header.add(
            name.equals("time") || name.equals("interval")
                ? name
                : name + " (" + unit.getValue() + ")");
      }
      csv.append(several ? "location_id," : "").append(String.join(",", header)).append('\n');
      for (int i = 0; i < answers.size(); i++) {
        Map<String, Object> values = (Map<String, Object>) answers.get(i).get(block);
        int rows =
            values.get("time") instanceof List<?> times ? times.size() : values.isEmpty() ? 0 : 1;
        for (int r = 0; r < rows; r++) {
          List<String> fields = new ArrayList<>();
          for (String name : units.keySet()) {
            Object value = values.get(name);
            fields.add(field(value instanceof List<?> list ? list.get(r) : value));
          }
          csv.append(several ? i + "," : "").append(String.join(",", fields)).append('\n');
        }
      }
    }
    return csv.toString();
  }

  private static String field(Object value) {
    return switch (value) {
      case null -> "";
      case Double d -> d.isNaN() || d.isInfinite() ? "" : BigDecimal.valueOf(d).toPlainString();
      case Float f -> field(f.doubleValue());
      case String s ->
          s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
      default -> value.toString();
    };
  }
}
