package dev.spotcast.ingestor.feed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.model.StatisticNames;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * ECMWF open data (IFS and AIFS): {@code
 * [ROOT]/[yyyymmdd]/[HH]z/[model]/[resol]/[stream]/[yyyymmdd][HH]0000-[step]h-[stream]-[type].grib2}
 * with a {@code .index} beside each file: JSON lines, one object per field with its MARS keys
 * ({@code param}, {@code levtype}, {@code levelist}, {@code step}, {@code number}) and {@code
 * _offset}, {@code _length}.
 *
 * <p>The IFS's 06 and 18 UTC runs were the short-cut-off ones until IFS cycle 50r1: their {@code
 * oper} stream was called {@code scda} (and {@code wave}, {@code scwv}). From the 06 UTC run of 12
 * May 2026 ({@link #SHORT_CUTOFF_STREAMS_END}) they are published under {@code oper} and {@code
 * wave} like the others (ECMWF's announcement of 50r1; its client's issue ecmwf-opendata#93).
 * Ensembles are stream {@code enfo}, type {@code ef}, whose index says {@code cf} (control) or
 * {@code pf} with a {@code number}.
 *
 * <p>Levels: a number is a pressure level in hPa ({@code levtype pl}); {@code sfc} the surface;
 * other level types are the levtype and level, e.g. {@code sol1}.
 */
public record EcmwfLayout(
    String name, String model, String resol, String stream, String type, boolean shortCutoff)
    implements IndexedLayout {

  public static final String DEFAULT_BASE_URL = "https://data.ecmwf.int/forecasts";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The first run of IFS cycle 50r1, from which the 06 and 18 UTC runs are streams oper, wave. */
  public static final Instant SHORT_CUTOFF_STREAMS_END = Instant.parse("2026-05-12T06:00:00Z");

  /** The IFS high-resolution forecast at 0.25°, runs 00, 06, 12 and 18 UTC. */
  public static EcmwfLayout ifs() {
    return new EcmwfLayout("ecmwf", "ifs", "0p25", "oper", "fc", true);
  }

  /** The AIFS single (deterministic) forecast at 0.25°. */
  public static EcmwfLayout aifs() {
    return new EcmwfLayout("ecmwf-aifs", "aifs-single", "0p25", "oper", "fc", false);
  }

  /** The IFS ensemble: control and perturbed members in one file per step. */
  public static EcmwfLayout ifsEnsemble() {
    return new EcmwfLayout("ecmwf-ens", "ifs", "0p25", "enfo", "ef", false);
  }

  @Override
  public String defaultBaseUrl() {
    return DEFAULT_BASE_URL;
  }

  @Override
  public List<Integer> cycles() {
    return List.of(0, 6, 12, 18);
  }

  /**
   * The stream in the path of a run: short-cut-off runs before IFS cycle 50r1 rename oper and wave.
   */
  public String streamOf(Instant run) {
    String hh = RunTimes.hour(run);
    boolean shortRun =
        shortCutoff
            && (hh.equals("06") || hh.equals("18"))
            && run.isBefore(SHORT_CUTOFF_STREAMS_END);
    if (!shortRun) {
      return stream;
    }
    return switch (stream) {
      case "oper" -> "scda";
      case "wave" -> "scwv";
      default -> stream;
    };
  }

  @Override
  public String dataUrl(String baseUrl, Instant run, int step) {
    String day = RunTimes.day(run);
    String hh = RunTimes.hour(run);
    String s = streamOf(run);
    return String.format(
        Locale.ROOT,
        "%s/%s/%sz/%s/%s/%s/%s%s0000-%dh-%s-%s.grib2",
        GfsLayout.trim(baseUrl),
        day,
        hh,
        model,
        resol,
        s,
        day,
        hh,
        step,
        s,
        type);
  }

  @Override
  public String indexUrl(String baseUrl, Instant run, int step) {
    String data = dataUrl(baseUrl, run, step);
    return data.substring(0, data.length() - ".grib2".length()) + ".index";
  }

  @Override
  public String levelName(String token) {
    String number = FeedLayout.number(token);
    return number != null ? number : FeedLayout.lower(token);
  }

  @Override
  public List<IndexEntry> parseIndex(String text, int step) {
    List<IndexEntry> entries = new ArrayList<>();
    int lineNumber = 0;
    for (String line : text.split("\n")) {
      lineNumber++;
      if (line.isBlank()) {
        continue;
      }
      try {
        JsonNode field = JSON.readTree(line);
        // 10fg3 at 93-144 h is the 10fg of the other steps (StatisticNames).
        String param = StatisticNames.withoutInterval(required(field, "param"));
        String levtype = required(field, "levtype");
        String levelist = field.hasNonNull("levelist") ? field.get("levelist").asText() : null;
        String level =
            levelist == null ? levtype : levtype.equals("pl") ? levelist : levtype + levelist;
        Integer member = field.hasNonNull("number") ? field.get("number").asInt() : null;
        int fieldStep = field.hasNonNull("step") ? endOf(field.get("step").asText()) : step;
        if (!field.has("_offset") || !field.has("_length")) {
          throw new IllegalArgumentException("no _offset or _length");
        }
        entries.add(
            new IndexEntry(
                new FieldKey(param, level, fieldStep, member, ""),
                field.get("_offset").asLong(),
                field.get("_length").asLong()));
      } catch (IOException | IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "ECMWF index line " + lineNumber + " cannot be read: " + e.getMessage());
      }
    }
    return entries;
  }

  private static String required(JsonNode field, String key) {
    if (!field.hasNonNull(key)) {
      throw new IllegalArgumentException("no " + key);
    }
    return field.get(key).asText();
  }

  /** A step is {@code 6}, or a range {@code 0-6} for accumulations and extremes: its end. */
  private static int endOf(String step) {
    int dash = step.lastIndexOf('-');
    return Integer.parseInt(dash < 0 ? step : step.substring(dash + 1));
  }
}
