package dev.spotcast.ingestor.feed;

import java.time.Instant;

/**
 * A publisher that writes one file per step with an index beside it listing each field's byte range
 * (ECMWF open data: JSON lines; NOAA: wgrib2 inventory), so a fetch asks for the wanted ranges
 * only.
 */
public sealed interface IndexedLayout extends FeedLayout permits GfsLayout, EcmwfLayout {

  /** The file of one step of a run. */
  String dataUrl(String baseUrl, Instant run, int step);

  /** Its index. */
  String indexUrl(String baseUrl, Instant run, int step);

  /**
   * The index's fields, in file order.
   *
   * @param step the step of the file (GFS names it in the forecast text, ECMWF in a key)
   * @throws IllegalArgumentException naming the line that cannot be read
   */
  java.util.List<IndexEntry> parseIndex(String text, int step);

  @Override
  default String probeUrl(String baseUrl, Instant run, int step, FieldSelection selection) {
    return indexUrl(baseUrl, run, step);
  }
}
