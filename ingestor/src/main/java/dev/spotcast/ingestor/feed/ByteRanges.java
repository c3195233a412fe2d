package dev.spotcast.ingestor.feed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The HTTP range requests for a set of fields of one file: fields whose bytes touch (one ends where
 * the next starts) are asked for in one request, so a run of neighbouring levels is one round trip;
 * a gap between fields is never downloaded.
 */
public final class ByteRanges {

  private ByteRanges() {}

  /**
   * One request: {@code bytes=offset-(offset+length-1)}, or {@code bytes=offset-} when the last
   * field runs to the end of the file.
   *
   * @param fields in file order; their bytes follow each other without a gap
   */
  public record Range(long offset, long length, List<IndexEntry> fields) {

    public Range {
      fields = List.copyOf(fields);
    }

    public boolean toEnd() {
      return length == IndexEntry.TO_END;
    }

    /** The value of the Range header. */
    public String header() {
      return "bytes=" + offset + "-" + (toEnd() ? "" : Long.toString(offset + length - 1));
    }
  }

  /**
   * @throws IllegalArgumentException when two fields overlap (a broken index)
   */
  public static List<Range> merge(List<IndexEntry> entries) {
    List<IndexEntry> sorted =
        entries.stream().sorted(Comparator.comparingLong(IndexEntry::offset)).toList();
    List<Range> ranges = new ArrayList<>();
    List<IndexEntry> current = new ArrayList<>();
    for (IndexEntry entry : sorted) {
      if (!current.isEmpty()) {
        IndexEntry last = current.getLast();
        if (last.toEnd() || last.end() > entry.offset()) {
          throw new IllegalArgumentException(
              "the index's fields " + last.key() + " and " + entry.key() + " overlap");
        }
        if (last.end() != entry.offset()) {
          ranges.add(range(current));
          current = new ArrayList<>();
        }
      }
      current.add(entry);
    }
    if (!current.isEmpty()) {
      ranges.add(range(current));
    }
    return ranges;
  }

  private static Range range(List<IndexEntry> fields) {
    IndexEntry last = fields.getLast();
    long offset = fields.getFirst().offset();
    return new Range(offset, last.toEnd() ? IndexEntry.TO_END : last.end() - offset, fields);
  }
}
