package dev.spotcast.ingestor.source.file;

import dev.spotcast.ingestor.source.file.GribMessages.Message;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import ucar.nc2.grib.grib1.Grib1Record;
import ucar.nc2.grib.grib2.Grib2Record;
import ucar.nc2.grib.grib2.Grib2RecordScanner;
import ucar.nc2.grib.grib2.Grib2SectionBitMap;
import ucar.nc2.grib.grib2.Grib2SectionData;
import ucar.nc2.grib.grib2.Grib2SectionDataRepresentation;
import ucar.nc2.grib.grib2.Grib2SectionGridDefinition;
import ucar.nc2.grib.grib2.Grib2SectionIdentification;
import ucar.nc2.grib.grib2.Grib2SectionIndicator;
import ucar.nc2.grib.grib2.Grib2SectionLocalUse;
import ucar.nc2.grib.grib2.Grib2SectionProductDefinition;
import ucar.unidata.io.RandomAccessFile;

/**
 * A GRIB file (edition 1, 2 or both mixed) read with netCDF-Java's record classes. Opening checks the
 * framing of every message, parses the sections and keeps one record per field; values are decoded
 * on demand from the open file. netCDF-Java's {@link RandomAccessFile} is not thread-safe, so reads of
 * one file are serialised on it (the decoding itself is cheap next to the ingestion work).
 */
final class GribForecastFile implements ForecastFile {

  private static final Logger log = LoggerFactory.getLogger(GribForecastFile.class);

  private final Path path;
  private final RandomAccessFile raf;
  private final String format;
  private final List<FieldRef> fields = new ArrayList<>();
  private final List<SkippedField> skipped = new ArrayList<>();
  private boolean closed;

  private GribForecastFile(Path path, RandomAccessFile raf, List<Message> messages) throws ForecastFileException,
      IOException {
    this.path = path;
    this.raf = raf;
    boolean hasGrib1 = messages.stream().anyMatch(m -> m.edition() == 1);
    boolean hasGrib2 = messages.stream().anyMatch(m -> m.edition() == 2);
    this.format = hasGrib1 && hasGrib2 ? "GRIB1+GRIB2" : hasGrib1 ? "GRIB1" : "GRIB2";
    GribFieldBuilder builder = new GribFieldBuilder(this);
    Map<Long, List<Grib2Record>> grib2 = hasGrib2 ? scanGrib2() : Map.of();
    for (Message message : messages) {
      if (message.edition() == 1) {
        builder.add(message, readGrib1(message));
      } else {
        List<Grib2Record> records = grib2.get(message.start());
        if (records == null) {
          throw corrupt(message, diagnoseGrib2(message));
        }
        for (Grib2Record record : records) {
          builder.add(message, record);
        }
      }
    }
    fields.addAll(builder.fields());
    skipped.addAll(builder.skipped());
  }

  /** Opens and indexes a GRIB file; the caller closes it. */
  static GribForecastFile open(Path path) throws ForecastFileException {
    RandomAccessFile raf = null;
    try {
      raf = new RandomAccessFile(path.toString(), "r");
      raf.order(RandomAccessFile.BIG_ENDIAN);
      List<Message> messages = GribMessages.locate(path, raf);
      GribForecastFile file = new GribForecastFile(path, raf, messages);
      if (file.fields.isEmpty()) {
        throw new ForecastFileException(path, "no supported fields: " + file.skipped.stream()
            .map(SkippedField::toString).collect(Collectors.joining("; ")));
      }
      log.debug("Opened {} ({}): {} fields, {} skipped", path, file.format, file.fields.size(), file.skipped.size());
      return file;
    } catch (ForecastFileException e) {
      closeQuietly(raf);
      throw e;
    } catch (IOException | RuntimeException e) {
      closeQuietly(raf);
      throw new ForecastFileException(path, "cannot read GRIB file: " + describe(e), e);
    }
  }

  private Grib1Record readGrib1(Message message) throws ForecastFileException {
    try {
      raf.seek(message.start());
      Grib1Record record = new Grib1Record(raf);
      long dataEnd = record.getDataSection().getStartingPosition() + record.getDataSection().getLength();
      if (dataEnd > message.start() + message.length()) {
        throw corrupt(message, "its data section runs past the end of the message");
      }
      return record;
    } catch (IOException | RuntimeException e) {
      throw corrupt(message, describe(e));
    }
  }

  /** All GRIB2 records (a message may hold several fields), by the start of their message. */
  private Map<Long, List<Grib2Record>> scanGrib2() throws IOException {
    Map<Long, List<Grib2Record>> records = new TreeMap<>();
    Grib2RecordScanner scanner = new Grib2RecordScanner(raf);
    while (scanner.hasNext()) {
      Grib2Record record = scanner.next();
      if (record == null) {
        break;
      }
      records.computeIfAbsent(record.getIs().getStartPos(), start -> new ArrayList<>()).add(record);
    }
    return records;
  }

  /** Why netCDF-Java's scanner dropped a GRIB2 message: parses its sections again to get the error. */
  private String diagnoseGrib2(Message message) {
    try {
      raf.seek(message.start());
      new Grib2SectionIndicator(raf);
      new Grib2SectionIdentification(raf);
      new Grib2SectionLocalUse(raf);
      new Grib2SectionGridDefinition(raf).getGDS();
      new Grib2SectionProductDefinition(raf).getPDS();
      new Grib2SectionDataRepresentation(raf);
      new Grib2SectionBitMap(raf);
      Grib2SectionData data = new Grib2SectionData(raf);
      if (data.getStartingPosition() + data.getMsgLength() > message.start() + message.length()) {
        return "its data section runs past the end of the message";
      }
      return "its sections cannot be parsed";
    } catch (IOException | RuntimeException e) {
      return describe(e);
    }
  }

  private ForecastFileException corrupt(Message message, String why) {
    return new ForecastFileException(path, "corrupt GRIB file: message " + message.number() + " at byte "
        + message.start() + " cannot be decoded: " + why);
  }

  /** Runs a read against the open file, one at a time, wrapping library failures. */
  <T> T withFile(String what, ReadAction<T> action) throws ForecastFileException {
    synchronized (raf) {
      if (closed) {
        throw new ForecastFileException(path, what + ": the file is closed");
      }
      try {
        return action.apply(raf);
      } catch (ForecastFileException e) {
        throw e;
      } catch (IOException | RuntimeException e) {
        throw new ForecastFileException(path, what + ": " + describe(e), e);
      }
    }
  }

  /** A read of the open file. */
  @FunctionalInterface
  interface ReadAction<T> {
    T apply(RandomAccessFile raf) throws IOException, ForecastFileException;
  }

  static String describe(Throwable e) {
    String message = e.getMessage();
    return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : " (" + message + ")");
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
    synchronized (raf) {
      if (!closed) {
        closed = true;
        closeQuietly(raf);
      }
    }
  }

  private static void closeQuietly(RandomAccessFile raf) {
    if (raf != null) {
      try {
        raf.close();
      } catch (IOException e) {
        log.debug("Closing {} failed", raf.getLocation(), e);
      }
    }
  }

  @Override
  public String toString() {
    return "GribForecastFile[" + path + ", " + format + ", " + fields.size() + " fields]";
  }

}
