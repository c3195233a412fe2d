package dev.spotcast.query.present;

import dev.spotcast.query.api.BatchController.BatchAnswer;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.SpotForecast;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.HttpMessageNotWritableException;

/**
 * Forecast answers as CSV (RFC 4180, UTF-8, a header row; {@code f=csv} or {@code Accept:
 * text/csv}): a spot answer is one row; a series one row per step, or with {@code daily=} one row
 * per local day; a batch one row per point, a refused point with its problem in the last column. A
 * value column is named by parameter and unit ({@code t (K)}); an unavailable value is empty; a
 * value over time (an amount, a mean) is followed by the period it is over ({@code tp over (sum)},
 * {@code from/to}). What explains the values (neighbours, weights) is in the JSON answer only.
 * Errors stay problem+json.
 */
public final class ForecastCsv extends AbstractHttpMessageConverter<Object> {

  public static final String TEXT_CSV_VALUE = "text/csv";
  public static final MediaType TEXT_CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

  public ForecastCsv() {
    super(TEXT_CSV);
  }

  @Override
  protected boolean supports(Class<?> type) {
    return type == SpotForecast.class || type == SeriesForecast.class || type == BatchAnswer.class;
  }

  @Override
  public boolean canRead(Class<?> clazz, MediaType mediaType) {
    return false;
  }

  @Override
  protected Object readInternal(Class<?> type, HttpInputMessage input) {
    throw new HttpMessageNotReadableException("CSV is an answer format only", input);
  }

  @Override
  protected void writeInternal(Object answer, HttpOutputMessage output) throws IOException {
    output.getHeaders().setContentType(TEXT_CSV);
    Writer writer = new OutputStreamWriter(output.getBody(), StandardCharsets.UTF_8);
    try (CSVPrinter csv = new CSVPrinter(writer, CSVFormat.RFC4180)) {
      switch (answer) {
        case SpotForecast spot -> spot(csv, spot);
        case SeriesForecast series -> series(csv, series);
        case BatchAnswer batch -> batch(csv, batch);
        default ->
            throw new HttpMessageNotWritableException(
                "no CSV form for " + answer.getClass().getSimpleName());
      }
    }
  }

  private static void spot(CSVPrinter csv, SpotForecast spot) throws IOException {
    List<String> header = new ArrayList<>(List.of("model", "run", "time"));
    if (spot.localTime() != null) {
      header.add("local_time");
    }
    header.addAll(List.of("lat", "lon", spot.pressure() != null ? "pressure" : "alt"));
    Map<String, String> over = overStatistics(List.of(spot.values()));
    header.addAll(valueColumns(spot.values(), over));
    csv.printRecord(header);
    csv.printRecord(spotRow(spot, over));
  }

  private static List<Object> spotRow(SpotForecast spot, Map<String, String> over) {
    List<Object> row = new ArrayList<>(List.of(spot.model(), spot.run(), spot.time()));
    if (spot.localTime() != null) {
      row.add(spot.localTime());
    }
    row.addAll(
        List.of(
            spot.lat(), spot.lon(), blank(spot.pressure() != null ? spot.pressure() : spot.alt())));
    spot.values().forEach((name, value) -> cells(row, value, over.containsKey(name)));
    return row;
  }

  private static void series(CSVPrinter csv, SeriesForecast series) throws IOException {
    if (series.daily() != null) {
      daily(csv, series);
      return;
    }
    boolean local = !series.steps().isEmpty() && series.steps().getFirst().localTime() != null;
    List<String> header = new ArrayList<>(List.of("model", "run", "step", "time"));
    if (local) {
      header.add("local_time");
    }
    Map<String, String> over =
        overStatistics(series.steps().stream().map(SeriesForecast.Step::values).toList());
    series.params().forEach((name, unit) -> columns(header, name, unit, over.get(name)));
    csv.printRecord(header);
    for (SeriesForecast.Step step : series.steps()) {
      List<Object> row =
          new ArrayList<>(List.of(series.model(), series.run(), step.step(), step.time()));
      if (local) {
        row.add(step.localTime());
      }
      series
          .params()
          .keySet()
          .forEach(name -> cells(row, step.values().get(name), over.containsKey(name)));
      csv.printRecord(row);
    }
  }

  private static void daily(CSVPrinter csv, SeriesForecast series) throws IOException {
    Map<String, String> columns = new LinkedHashMap<>();
    for (SeriesForecast.Day day : series.daily()) {
      day.values()
          .forEach(
              (param, aggregates) ->
                  aggregates
                      .keySet()
                      .forEach(
                          aggregate ->
                              columns.putIfAbsent(
                                  param + ":" + aggregate,
                                  column(param + "_" + aggregate, series.params().get(param)))));
    }
    List<String> header =
        new ArrayList<>(List.of("model", "run", "date", "start", "end", "complete", "steps"));
    header.addAll(columns.values());
    csv.printRecord(header);
    for (SeriesForecast.Day day : series.daily()) {
      List<Object> row =
          new ArrayList<>(
              List.of(
                  series.model(),
                  series.run(),
                  day.date(),
                  day.start(),
                  day.end(),
                  day.complete(),
                  day.steps()));
      for (String key : columns.keySet()) {
        int colon = key.lastIndexOf(':');
        Map<String, Double> aggregates = day.values().get(key.substring(0, colon));
        row.add(aggregates == null ? "" : blank(aggregates.get(key.substring(colon + 1))));
      }
      csv.printRecord(row);
    }
  }

  private static void batch(CSVPrinter csv, BatchAnswer batch) throws IOException {
    SpotForecast first = null;
    boolean local = false;
    for (Object result : batch.results()) {
      if (result instanceof SpotForecast spot) {
        first = first == null ? spot : first;
        local |= spot.localTime() != null;
      }
    }
    List<String> header = new ArrayList<>(List.of("point", "model", "run", "time"));
    if (local) {
      header.add("local_time");
    }
    header.addAll(List.of("lat", "lon", "alt", "pressure"));
    List<String> params = first == null ? List.of() : List.copyOf(first.values().keySet());
    List<Map<String, SpotForecast.Value>> answered = new ArrayList<>();
    for (Object result : batch.results()) {
      if (result instanceof SpotForecast spot) {
        answered.add(spot.values());
      }
    }
    Map<String, String> over = overStatistics(answered);
    if (first != null) {
      header.addAll(valueColumns(first.values(), over));
    }
    header.add("problem");
    csv.printRecord(header);
    for (int i = 0; i < batch.results().size(); i++) {
      List<Object> row = new ArrayList<>();
      row.add(i);
      if (batch.results().get(i) instanceof SpotForecast spot) {
        row.addAll(List.of(spot.model(), spot.run(), spot.time()));
        if (local) {
          row.add(blank(spot.localTime()));
        }
        row.addAll(List.of(spot.lat(), spot.lon(), blank(spot.alt()), blank(spot.pressure())));
        for (String param : params) {
          cells(row, spot.values().get(param), over.containsKey(param));
        }
        row.add("");
      } else {
        int empty = (local ? 8 : 7) + params.size() + over.size();
        for (int c = 0; c < empty; c++) {
          row.add("");
        }
        Object result = batch.results().get(i);
        row.add(
            result instanceof ProblemDetail problem
                ? problem.getStatus() + " " + problem.getDetail()
                : result);
      }
      csv.printRecord(row);
    }
  }

  private static List<String> valueColumns(
      Map<String, SpotForecast.Value> values, Map<String, String> over) {
    List<String> columns = new ArrayList<>(values.size());
    values.forEach((name, value) -> columns(columns, name, value.unit(), over.get(name)));
    return columns;
  }

  /**
   * The statistic of each parameter answered over a period in any of the answers ({@code tp}: sum),
   * in the order first met.
   */
  private static Map<String, String> overStatistics(List<Map<String, SpotForecast.Value>> answers) {
    Map<String, String> statistics = new LinkedHashMap<>();
    for (Map<String, SpotForecast.Value> values : answers) {
      values.forEach(
          (name, value) -> {
            if (value != null && value.over() != null) {
              statistics.putIfAbsent(name, value.over().statistic());
            }
          });
    }
    return statistics;
  }

  /**
   * A value's column, and for a value over time the column of the period it is over, named {@code
   * tp over (sum)}, each cell an ISO 8601 interval {@code from/to}: what the JSON answer's {@code
   * over} says.
   */
  private static void columns(List<String> header, String name, String unit, String statistic) {
    header.add(column(name, unit));
    if (statistic != null) {
      header.add(name + " over (" + statistic + ")");
    }
  }

  private static void cells(List<Object> row, SpotForecast.Value value, boolean withOver) {
    row.add(value == null ? "" : blank(value.value()));
    if (withOver) {
      SpotForecast.Period over = value == null ? null : value.over();
      row.add(over == null ? "" : over.from() + "/" + over.to());
    }
  }

  private static String column(String name, String unit) {
    return unit == null || unit.isBlank() ? name : name + " (" + unit + ")";
  }

  private static Object blank(Object value) {
    return value == null ? "" : value;
  }
}
