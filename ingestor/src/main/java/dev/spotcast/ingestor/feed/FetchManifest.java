package dev.spotcast.ingestor.feed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a target directory already holds, checked: for each field's file its length and SHA-256 as
 * they were when its bytes were verified against the publisher's index. A fetch that starts again
 * (after a crash, a restart, a run that was not all published) skips every field whose file is
 * still there with that length and hash, so a checked field is never downloaded twice. Kept in
 * {@value #FILE_NAME} (hidden, so {@code spotcast ingest DIR} does not read it), rewritten
 * atomically.
 */
public final class FetchManifest {

  public static final String FILE_NAME = ".spotcast-fetch.json";

  /** One checked field's file. */
  public record Entry(long length, String sha256, String source) {}

  /** The manifest as stored. */
  record Stored(Map<String, Entry> fields) {}

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;
  private final Map<String, Entry> fields;

  private FetchManifest(Path dir, Map<String, Entry> fields) {
    this.dir = dir;
    this.fields = fields;
  }

  /**
   * The manifest of a directory, created (with the directory) when missing.
   *
   * @throws IOException when the directory cannot be made or its manifest cannot be read
   */
  public static FetchManifest open(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    Map<String, Entry> fields = new TreeMap<>();
    if (Files.exists(file)) {
      try {
        Stored stored = JSON.readValue(file.toFile(), Stored.class);
        if (stored.fields() != null) {
          fields.putAll(stored.fields());
        }
      } catch (IOException e) {
        throw new IOException(
            file + " cannot be read (" + e.getMessage() + "); delete it to fetch everything again",
            e);
      }
    }
    return new FetchManifest(dir, fields);
  }

  /**
   * Whether the field's file is there as it was checked: same length and SHA-256 (the file is
   * hashed again, so a file changed or cut since is fetched again).
   */
  public synchronized boolean checked(String fileName) throws IOException {
    Entry entry = fields.get(fileName);
    Path file = dir.resolve(fileName);
    if (entry == null || !Files.isRegularFile(file) || Files.size(file) != entry.length()) {
      return false;
    }
    return sha256(file).equals(entry.sha256());
  }

  public synchronized Map<String, Entry> entries() {
    return Map.copyOf(fields);
  }

  /** Records a field whose file is in place, and writes the manifest (temp file, then move). */
  public synchronized void record(String fileName, Entry entry) throws IOException {
    fields.put(fileName, entry);
    Path temp = Files.createTempFile(dir, ".spotcast-fetch", ".tmp");
    try {
      JSON.writeValue(temp.toFile(), new Stored(new TreeMap<>(fields)));
      Files.move(
          temp,
          dir.resolve(FILE_NAME),
          StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  static String sha256(Path file) throws IOException {
    MessageDigest digest = newDigest();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[64 * 1024];
      for (int n; (n = in.read(buffer)) >= 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  static MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
