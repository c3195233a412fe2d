package dev.spotcast.query.web;

import dev.spotcast.query.search.RunHandoff.HeldDocument;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The file of the documents an instance's document cache held ({@code
 * spotcast.query.warmup.documents-file}), the most used first, so that the next instance reads them
 * by id before it says it is ready: one document per line, {@code model run axis level step point
 * fields}, the fields a bit per parameter of the level type in hexadecimal; lines starting with
 * {@code #} are comments. Plain text, as the places file ({@link PlacesFile}), so that an operator
 * can see what a restart reads and copy it to a new instance.
 */
final class DocumentsFile {

  private DocumentsFile() {}

  /** Writes the documents, replacing the file at once. */
  static void save(Path file, List<HeldDocument> documents) throws IOException {
    List<String> lines = new ArrayList<>(documents.size() + 2);
    lines.add(
        "# Spotcast query service: the documents its cache held, the most used first; one per");
    lines.add(
        "# line: model run axis level step point fields (hex). A starting instance reads them.");
    StringBuilder line = new StringBuilder(64);
    for (HeldDocument document : documents) {
      line.setLength(0);
      line.append(document.model())
          .append(' ')
          .append(document.runId())
          .append(' ')
          .append(document.axis())
          .append(' ')
          .append(document.level())
          .append(' ')
          .append(document.step())
          .append(' ')
          .append(document.point())
          .append(' ')
          .append(Long.toHexString(document.fields()));
      lines.add(line.toString());
    }
    PlacesFile.replace(file, lines);
  }

  /**
   * The documents of the file, in its order; none when there is no file.
   *
   * @throws IllegalArgumentException naming the first line that is not a document
   */
  static List<HeldDocument> load(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<HeldDocument> documents = new ArrayList<>();
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int number = 0;
      while ((line = reader.readLine()) != null) {
        number++;
        String text = line.strip();
        if (!text.isEmpty() && !text.startsWith("#")) {
          documents.add(parse(text, number));
        }
      }
    }
    return documents;
  }

  private static HeldDocument parse(String line, int number) {
    String[] parts = line.split("\\s+");
    if (parts.length != 7) {
      throw new IllegalArgumentException(
          "line " + number + " has " + parts.length + " fields, not 7: " + line);
    }
    try {
      HeldDocument document =
          new HeldDocument(
              parts[0],
              parts[1],
              Integer.parseInt(parts[2]),
              Double.parseDouble(parts[3]),
              Integer.parseInt(parts[4]),
              Integer.parseInt(parts[5]),
              Long.parseUnsignedLong(parts[6], 16));
      if (document.axis() < 0 || document.point() < 0 || !Double.isFinite(document.level())) {
        throw new IllegalArgumentException("a negative axis or point, or a level not finite");
      }
      return document;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "line " + number + " is not a document (" + e.getMessage() + "): " + line, e);
    }
  }
}
