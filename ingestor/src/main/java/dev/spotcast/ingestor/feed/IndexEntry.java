package dev.spotcast.ingestor.feed;

/**
 * One field in a publisher's index of a file: where its GRIB message starts and how long it is.
 *
 * @param length the message's length in bytes, or {@link #TO_END} for the last field of a GFS
 *     {@code .idx}, whose length only the file's end gives
 */
public record IndexEntry(FieldKey key, long offset, long length) {

  public static final long TO_END = -1;

  public IndexEntry {
    if (offset < 0 || (length < 0 && length != TO_END) || length == 0) {
      throw new IllegalArgumentException(
          "bad index entry for " + key + ": offset " + offset + ", length " + length);
    }
  }

  public boolean toEnd() {
    return length == TO_END;
  }

  /** The first byte after the field; only for a field of known length. */
  public long end() {
    return offset + length;
  }
}
