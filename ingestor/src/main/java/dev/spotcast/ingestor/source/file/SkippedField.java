package dev.spotcast.ingestor.source.file;

/**
 * A field of a forecast file that the reader found but does not offer, with the reason (which names
 * the level or grid type as the file names it), so that an ingestion report can say what was left
 * out.
 *
 * @param message the 0-based message (GRIB) or record (NetCDF) number in file order
 * @param parameter the parameter's short name, or a description when it could not be determined
 */
public record SkippedField(int message, String parameter, String reason) {

  @Override
  public String toString() {
    return "message " + message + " (" + parameter + "): " + reason;
  }
}
