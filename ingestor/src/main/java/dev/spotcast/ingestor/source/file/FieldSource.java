package dev.spotcast.ingestor.source.file;

/**
 * Decodes the values of one field on demand. Implementations keep only the position of the field in
 * its file, never the values.
 */
public interface FieldSource {

  /**
   * The values in the grid's point order, missing values as {@link Float#NaN}; a new array per
   * call. Safe to call from several threads (reads of one file are serialised on that file).
   */
  float[] read() throws ForecastFileException;

  /**
   * Half the quantisation step of the stored values (the largest rounding error of the packing), in
   * the field's unit; 0 when the values are stored unpacked.
   */
  double precision() throws ForecastFileException;
}
