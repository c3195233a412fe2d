package dev.spotcast.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

/**
 * Writes a publisher's tree for a test server ({@link NginxServer}), laid out exactly as the
 * publisher does (the caller gives each file's path as the layout under test makes it, with an
 * empty base URL: {@code layout.dataUrl("", run, step)}), from real GRIB messages: the project's
 * samples (one message each), concatenated into one file per step with its index holding their true
 * offsets and lengths (GFS {@code .idx}, ECMWF {@code .index}), or bzip2-compressed one per field
 * (ICON).
 */
public final class PublishedTree {

  /** A field to publish: its name in the index and its GRIB message. */
  public record Message(String param, String level, byte[] bytes) {}

  /** What was published for one step: each field's message, by "param|level". */
  public record Published(Path file, long size, Map<String, byte[]> fields) {
    public byte[] field(String param, String level) {
      return fields.get(param + "|" + level);
    }
  }

  private static final String[] SAMPLES = {
    "grid_simple_ed2.grib",
    "grid_ccsds_ed2.grib",
    "grid_complex_ed2.grib",
    "grid_jpeg_ed2.grib",
    "grid_complex_spatial_differencing_ed2.grib",
    "grid_ieee_ed2.grib"
  };

  private PublishedTree() {}

  public static byte[] sample(int i) throws IOException {
    String configured = System.getProperty("spotcast.samples");
    Path dir = configured == null ? Path.of("..", "samples") : Path.of(configured);
    return Files.readAllBytes(dir.resolve(SAMPLES[i]));
  }

  /** Six GFS fields, in wgrib2's words, each a different real message. */
  public static List<Message> gfsMessages() throws IOException {
    return List.of(
        new Message("PRMSL", "mean sea level", sample(0)),
        new Message("TMP", "850 mb", sample(1)),
        new Message("UGRD", "850 mb", sample(2)),
        new Message("VGRD", "850 mb", sample(3)),
        new Message("TMP", "2 m above ground", sample(4)),
        new Message("TMP", "500 mb", sample(5)));
  }

  /** Six ECMWF fields: level "sfc" or a pressure level. */
  public static List<Message> ecmwfMessages() throws IOException {
    return List.of(
        new Message("msl", "sfc", sample(0)),
        new Message("2t", "sfc", sample(1)),
        new Message("t", "850", sample(2)),
        new Message("u", "850", sample(3)),
        new Message("t", "500", sample(4)),
        new Message("10u", "sfc", sample(5)));
  }

  public static Path path(Path root, String prefix, String url) {
    return root.resolve(prefix + url.substring(1));
  }

  /**
   * One GFS step file and its .idx.
   *
   * @param url the file's path as the layout makes it with an empty base URL
   * @param runId the run as yyyymmddHH
   */
  public static Published gfs(
      Path root, String prefix, String url, String runId, int step, List<Message> messages)
      throws IOException {
    Path file = path(root, prefix, url);
    StringBuilder idx = new StringBuilder();
    Map<String, byte[]> fields = new LinkedHashMap<>();
    long offset = 0;
    List<byte[]> parts = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      Message m = messages.get(i);
      idx.append(
          String.format(
              "%d:%d:d=%s:%s:%s:%s:%n",
              i + 1, offset, runId, m.param(), m.level(), step == 0 ? "anl" : step + " hour fcst"));
      fields.put(m.param() + "|" + m.level(), m.bytes());
      parts.add(m.bytes());
      offset += m.bytes().length;
    }
    write(file, parts);
    Files.writeString(Path.of(file + ".idx"), idx);
    return new Published(file, offset, fields);
  }

  /**
   * One ECMWF step file and its JSON-lines .index.
   *
   * @param url the file's path as the layout makes it with an empty base URL
   * @param day the run's day, yyyymmdd
   * @param hour the run's hour, HH
   * @param stream the stream the index names (oper, scda, enfo, ...)
   * @param extraIndexLines appended to the index as they are (fields the file may lack)
   */
  public static Published ecmwf(
      Path root,
      String prefix,
      String url,
      String day,
      String hour,
      String stream,
      int step,
      List<Message> messages,
      String extraIndexLines)
      throws IOException {
    Path file = path(root, prefix, url);
    StringBuilder index = new StringBuilder();
    Map<String, byte[]> fields = new LinkedHashMap<>();
    List<byte[]> parts = new ArrayList<>();
    long offset = 0;
    for (Message m : messages) {
      boolean pl = !m.level().equals("sfc");
      index.append(
          String.format(
              "{\"domain\": \"g\", \"date\": \"%s\", \"time\": \"%s00\", \"expver\": \"0001\","
                  + " \"class\": \"od\", \"type\": \"fc\", \"stream\": \"%s\", \"step\": \"%d\","
                  + "%s \"levtype\": \"%s\", \"param\": \"%s\", \"_offset\": %d, \"_length\": %d}%n",
              day,
              hour,
              stream,
              step,
              pl ? " \"levelist\": \"" + m.level() + "\"," : "",
              pl ? "pl" : "sfc",
              m.param(),
              offset,
              m.bytes().length));
      fields.put(m.param() + "|" + m.level(), m.bytes());
      parts.add(m.bytes());
      offset += m.bytes().length;
    }
    index.append(extraIndexLines);
    write(file, parts);
    String data = file.toString();
    Files.writeString(
        Path.of(data.substring(0, data.length() - ".grib2".length()) + ".index"), index);
    return new Published(file, offset, fields);
  }

  /**
   * One ICON-EU field, bzip2-compressed.
   *
   * @param url the field's path as the layout makes it with an empty base URL
   */
  public static Path icon(Path root, String prefix, String url, byte[] grib) throws IOException {
    Path file = path(root, prefix, url);
    Files.createDirectories(file.getParent());
    try (OutputStream out = new BZip2CompressorOutputStream(Files.newOutputStream(file))) {
      out.write(grib);
    }
    return file;
  }

  private static void write(Path file, List<byte[]> parts) throws IOException {
    Files.createDirectories(file.getParent());
    try (OutputStream out = Files.newOutputStream(file)) {
      for (byte[] part : parts) {
        out.write(part);
      }
    }
  }
}
