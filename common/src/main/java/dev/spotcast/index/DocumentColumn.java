package dev.spotcast.index;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A document of a block of steps as one binary doc value ({@link ForecastFields#COLUMN}): its grid
 * point, level and first step, then each parameter's packed values ({@link StepBlocks}), in runs
 * whose sharding says {@code one-column}. Elasticsearch then reads a document from one place of its
 * doc values instead of one per parameter and one per identifying field: what a document costs it
 * to fetch is the number of values it reads, not their bytes (docs/benchmarks.md, "Where a
 * never-asked spot's CPU goes"), and a document missing from the page cache is one read from the
 * disk instead of several.
 *
 * <p>The layout, little-endian:
 *
 * <pre>
 * byte     1 (this layout's version)
 * int32    grid point
 * float64  level
 * int32    first step of the block
 * byte     n, the parameters present (a parameter missing at every step is left out)
 * n times: byte name length, the name (UTF-8), uint16 packed length, the packed values
 * </pre>
 *
 * The names make a document readable without its run's catalog entry, at a few bytes per parameter
 * against the hundreds its values take.
 */
public final class DocumentColumn {

  static final byte VERSION = 1;

  private static final int HEADER = 1 + Integer.BYTES + Double.BYTES + Integer.BYTES + 1;

  private DocumentColumn() {}

  /** A document's grid point, level and (first) step, as its column gives them. */
  public record Identity(int point, double level, int step) {}

  /** The column of a document of a block of steps ({@link ForecastDocument#steps()} > 0). */
  public static byte[] pack(ForecastDocument document) {
    int steps = document.steps();
    if (steps < 1) {
      throw new IllegalArgumentException("a document of one step keeps its values as numbers");
    }
    String[] names = document.parameterNames();
    byte[][] packed = new byte[names.length][];
    byte[][] nameBytes = new byte[names.length][];
    int size = HEADER;
    int present = 0;
    for (int i = 0; i < names.length; i++) {
      packed[i] = StepBlocks.pack(document.values(), i * steps, steps, document.valueBits());
      if (packed[i] == null) {
        continue;
      }
      nameBytes[i] = names[i].getBytes(StandardCharsets.UTF_8);
      if (nameBytes[i].length > 255 || packed[i].length > 0xFFFF) {
        throw new IllegalArgumentException(
            "parameter "
                + names[i]
                + ": a name of at most 255 bytes and at most 65535 bytes of values");
      }
      size += 1 + nameBytes[i].length + Short.BYTES + packed[i].length;
      present++;
    }
    if (present > 255) {
      throw new IllegalArgumentException("at most 255 parameters per document, not " + present);
    }
    ByteBuffer column = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    column
        .put(VERSION)
        .putInt(document.point())
        .putDouble(document.level())
        .putInt(document.step())
        .put((byte) present);
    for (int i = 0; i < names.length; i++) {
      if (packed[i] != null) {
        column.put((byte) nameBytes[i].length).put(nameBytes[i]);
        column.putShort((short) packed[i].length).put(packed[i]);
      }
    }
    return column.array();
  }

  /**
   * The names a search wants, encoded once for {@link #read}: the values of the others are skipped
   * without being unpacked.
   */
  public static final class Wanted {

    private final List<String> names;
    private final byte[][] bytes;

    public Wanted(List<String> names) {
      this.names = List.copyOf(names);
      this.bytes = new byte[this.names.size()][];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = this.names.get(i).getBytes(StandardCharsets.UTF_8);
      }
    }

    /** The wanted names, in order: {@link #read} fills its array in the same order. */
    public List<String> names() {
      return names;
    }

    int indexOf(byte[] column, int offset, int length) {
      for (int i = 0; i < bytes.length; i++) {
        if (Arrays.equals(bytes[i], 0, bytes[i].length, column, offset, offset + length)) {
          return i;
        }
      }
      return -1;
    }
  }

  /**
   * Reads a column: its identity, and into {@code values[i]} the values at the block's steps of the
   * {@code i}-th wanted name (null when the document has none of it).
   *
   * @throws IllegalArgumentException when the bytes are not a column of this layout
   */
  public static Identity read(byte[] column, Wanted wanted, float[][] values) {
    if (values.length != wanted.names.size()) {
      throw new IllegalArgumentException("one array slot per wanted name");
    }
    Arrays.fill(values, null);
    if (column.length < HEADER || column[0] != VERSION) {
      throw new IllegalArgumentException(
          "a document column of "
              + column.length
              + " bytes"
              + (column.length > 0 ? " and layout " + column[0] : "")
              + ": not layout "
              + VERSION);
    }
    ByteBuffer in = ByteBuffer.wrap(column).order(ByteOrder.LITTLE_ENDIAN);
    in.position(1);
    Identity identity = new Identity(in.getInt(), in.getDouble(), in.getInt());
    int present = in.get() & 0xFF;
    try {
      for (int p = 0; p < present; p++) {
        int nameLength = in.get() & 0xFF;
        int name = in.position();
        if (name + nameLength > column.length) {
          throw new IllegalArgumentException("a document column cut short");
        }
        in.position(name + nameLength);
        int length = in.getShort() & 0xFFFF;
        int at = in.position();
        if (at + length > column.length) {
          throw new IllegalArgumentException("a document column cut short");
        }
        int slot = wanted.indexOf(column, name, nameLength);
        if (slot >= 0) {
          values[slot] = StepBlocks.unpack(column, at, length);
        }
        in.position(at + length);
      }
    } catch (BufferUnderflowException cut) {
      throw new IllegalArgumentException("a document column cut short", cut);
    }
    return identity;
  }
}
