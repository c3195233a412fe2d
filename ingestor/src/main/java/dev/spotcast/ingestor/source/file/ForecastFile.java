package dev.spotcast.ingestor.source.file;

import java.nio.file.Path;
import java.util.List;

/**
 * One opened forecast file (GRIB1, GRIB2, both mixed, or NetCDF) seen as a list of 2-D fields.
 * Opening reads only the metadata; {@link FieldRef#read()} decodes one field's values on demand, so
 * a whole run never has to sit in memory. The file stays open until {@link #close()}.
 */
public interface ForecastFile extends AutoCloseable {

  /** The file as it was opened. */
  Path path();

  /**
   * {@code "GRIB1"}, {@code "GRIB2"}, {@code "GRIB1+GRIB2"} for a file with both, or {@code
   * "NetCDF"}.
   */
  String format();

  /** Every supported 2-D field, in file order; never empty (a file without any is an error). */
  List<FieldRef> fields();

  /**
   * The fields that were found but cannot be used (e.g. on hybrid levels), each with the reason.
   */
  List<SkippedField> skipped();

  /** Releases the file; fields of a closed file can no longer be read. */
  @Override
  void close();
}
