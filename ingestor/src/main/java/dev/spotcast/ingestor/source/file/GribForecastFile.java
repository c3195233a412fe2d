package dev.spotcast.ingestor.source.file;

import dev.spotcast.ingestor.source.file.Eccodes.EccodesException;
import dev.spotcast.ingestor.source.file.Eccodes.EccodesMissingException;
import dev.spotcast.ingestor.source.file.GribMessages.Message;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A GRIB file (edition 1, 2 or both mixed) decoded by ECMWF's ecCodes. Opening checks the framing
 * of every message ({@link GribMessages}) and reads each message's keys through ecCodes; values are
 * decoded on demand. A message is never copied: it is mapped from the file for as long as its
 * ecCodes handle lives, so files of many GB are read one message at a time. Reads of one file may
 * run on several threads at once: each has its own mapping and handle.
 */
final class GribForecastFile implements ForecastFile {

  private static final Logger log = LoggerFactory.getLogger(GribForecastFile.class);

  private final Path path;
  private final FileChannel channel;
  private final Eccodes eccodes;
  private final String format;
  private final List<FieldRef> fields = new ArrayList<>();
  private final List<SkippedField> skipped = new ArrayList<>();
  private volatile boolean closed;

  private GribForecastFile(Path path, FileChannel channel, Eccodes eccodes, List<Message> messages)
      throws ForecastFileException {
    this.path = path;
    this.channel = channel;
    this.eccodes = eccodes;
    boolean hasGrib1 = messages.stream().anyMatch(m -> m.edition() == 1);
    boolean hasGrib2 = messages.stream().anyMatch(m -> m.edition() == 2);
    this.format = hasGrib1 && hasGrib2 ? "GRIB1+GRIB2" : hasGrib1 ? "GRIB1" : "GRIB2";
    GribFieldBuilder builder = new GribFieldBuilder(this, eccodes);
    for (Message message : messages) {
      withHandle(
          message,
          "cannot be decoded",
          handle -> {
            builder.add(message, handle);
            return null;
          });
    }
    fields.addAll(builder.fields());
    skipped.addAll(builder.skipped());
  }

  /** Opens and indexes a GRIB file; the caller closes it. */
  static GribForecastFile open(Path path) throws ForecastFileException {
    Eccodes eccodes;
    try {
      eccodes = Eccodes.get();
    } catch (EccodesMissingException e) {
      throw new ForecastFileException(path, e.getMessage());
    }
    FileChannel channel = null;
    try {
      channel = FileChannel.open(path, StandardOpenOption.READ);
      List<Message> messages = GribMessages.locate(path, channel);
      GribForecastFile file = new GribForecastFile(path, channel, eccodes, messages);
      if (file.fields.isEmpty()) {
        throw new ForecastFileException(
            path,
            "no supported fields: "
                + file.skipped.stream()
                    .map(SkippedField::toString)
                    .collect(Collectors.joining("; ")));
      }
      log.debug(
          "Opened {} ({}): {} fields, {} skipped",
          path,
          file.format,
          file.fields.size(),
          file.skipped.size());
      return file;
    } catch (ForecastFileException e) {
      closeQuietly(channel);
      throw e;
    } catch (IOException | RuntimeException e) {
      closeQuietly(channel);
      throw new ForecastFileException(path, "cannot read GRIB file: " + describe(e), e);
    }
  }

  /**
   * Runs an action on an ecCodes handle of one message, mapped from the file for the duration of
   * the call; failures become one {@link ForecastFileException} naming the message and the reason.
   */
  <T> T withHandle(Message message, String what, HandleAction<T> action)
      throws ForecastFileException {
    if (closed) {
      throw new ForecastFileException(path, "message " + message.number() + ": the file is closed");
    }
    try (Arena arena = Arena.ofShared()) {
      MemorySegment bytes =
          channel.map(FileChannel.MapMode.READ_ONLY, message.start(), message.length(), arena);
      MemorySegment handle = eccodes.handle(bytes);
      try {
        return action.apply(handle);
      } finally {
        eccodes.delete(handle);
      }
    } catch (ForecastFileException e) {
      throw e;
    } catch (EccodesException | IOException | RuntimeException e) {
      if (closed) {
        throw new ForecastFileException(
            path, "message " + message.number() + ": the file is closed");
      }
      throw new ForecastFileException(
          path,
          "corrupt GRIB file: message "
              + message.number()
              + " at byte "
              + message.start()
              + " "
              + what
              + ": "
              + describe(e),
          e);
    }
  }

  /** Work on one message's ecCodes handle. */
  @FunctionalInterface
  interface HandleAction<T> {
    T apply(MemorySegment handle) throws EccodesException, ForecastFileException;
  }

  static String describe(Throwable e) {
    String message = e.getMessage();
    if (e instanceof EccodesException) {
      return message;
    }
    return e.getClass().getSimpleName()
        + (message == null || message.isBlank() ? "" : " (" + message + ")");
  }

  @Override
  public Path path() {
    return path;
  }

  @Override
  public String format() {
    return format;
  }

  @Override
  public List<FieldRef> fields() {
    return List.copyOf(fields);
  }

  @Override
  public List<SkippedField> skipped() {
    return List.copyOf(skipped);
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      closeQuietly(channel);
    }
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        log.debug("Closing a GRIB file failed", e);
      }
    }
  }

  @Override
  public String toString() {
    return "GribForecastFile[" + path + ", " + format + ", " + fields.size() + " fields]";
  }
}
