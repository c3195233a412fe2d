package dev.spotcast.index;

import dev.spotcast.model.ShardingSpec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The packed values of a block of steps: one parameter's values at the block's consecutive steps.
 * Elasticsearch keeps them as one binary doc value per parameter (base64 in JSON), so that a time
 * series at a place is read as a few documents instead of one per step (docs/benchmarks.md,
 * "Documents of one step or of many"). Two encodings, told apart by their length:
 *
 * <ul>
 *   <li><b>32 bits</b> (the default): little-endian IEEE 754 single-precision numbers, a missing
 *       value as NaN; the values exactly as decoded. Always a multiple of 4 bytes.
 *   <li><b>16 bits</b>: as GRIB's simple packing, each value an unsigned 16-bit offset from the
 *       block's smallest value in steps of {@code (largest - smallest) / 65534}, 65535 a missing
 *       value. The layout: one byte 16 (the bits per value), the reference and the step as
 *       little-endian floats, then the offsets, little-endian: {@code 9 + 2n} bytes, always odd. A
 *       value comes back within half a step of the one packed, that is within 1/131068 of the
 *       block's range; a block of one value (all equal) comes back exactly, and so does its
 *       smallest value (a zero of precipitation stays zero). Half the bytes on disk, on the wire
 *       and in the page cache (docs/benchmarks.md, "A billion place-level-steps").
 * </ul>
 */
public final class StepBlocks {

  /** The largest offset of a value in 16 bits; the next, 65535, marks a missing value. */
  static final int MAX_OFFSET = 65534;

  private static final int MISSING = 0xFFFF;

  private static final int SHORT_HEADER = 1 + 2 * Float.BYTES;

  private StepBlocks() {}

  /**
   * The values {@code values[offset .. offset + length)}, packed in 32 bits; null when all of them
   * are missing (the parameter is then left out of the document).
   */
  public static byte[] pack(float[] values, int offset, int length) {
    return pack(values, offset, length, ShardingSpec.EXACT_BITS);
  }

  /**
   * The values {@code values[offset .. offset + length)}, packed in {@code bits} per value (32 or
   * 16); null when all of them are missing. A block holding an infinite value is packed in 32 bits
   * whatever is asked, so that it comes back as it was.
   */
  public static byte[] pack(float[] values, int offset, int length, int bits) {
    if (bits != ShardingSpec.EXACT_BITS && bits != ShardingSpec.SHORT_BITS) {
      throw new IllegalArgumentException("bits per value must be 32 or 16, not " + bits);
    }
    boolean any = false;
    for (int k = 0; k < length && !any; k++) {
      any = !Float.isNaN(values[offset + k]);
    }
    if (!any) {
      return null;
    }
    if (bits == ShardingSpec.EXACT_BITS) {
      return packFloats(values, offset, length);
    }
    float min = Float.POSITIVE_INFINITY;
    float max = Float.NEGATIVE_INFINITY;
    for (int k = 0; k < length; k++) {
      float v = values[offset + k];
      if (!Float.isNaN(v)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    if (Float.isInfinite(min) || Float.isInfinite(max)) {
      return packFloats(values, offset, length);
    }
    // The step is stored as a float and the offsets computed from the stored step, so that the
    // reader's R + X * step is the packer's. Of finite floats, (max - min) / 65534 always fits one.
    float step = (float) (((double) max - min) / MAX_OFFSET);
    ByteBuffer bytes =
        ByteBuffer.allocate(SHORT_HEADER + length * Short.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    bytes.put((byte) ShardingSpec.SHORT_BITS).putFloat(min).putFloat(step);
    for (int k = 0; k < length; k++) {
      float v = values[offset + k];
      int code;
      if (Float.isNaN(v)) {
        code = MISSING;
      } else if (step == 0) {
        code = 0;
      } else {
        code = (int) Math.min(MAX_OFFSET, Math.max(0, Math.round((v - (double) min) / step)));
      }
      bytes.putShort((short) code);
    }
    return bytes.array();
  }

  private static byte[] packFloats(float[] values, int offset, int length) {
    ByteBuffer bytes = ByteBuffer.allocate(length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (int k = 0; k < length; k++) {
      bytes.putFloat(values[offset + k]);
    }
    return bytes.array();
  }

  /** Packed values back as numbers, in step order, whichever encoding packed them. */
  public static float[] unpack(byte[] packed) {
    return unpack(packed, 0, packed.length);
  }

  /**
   * The packed values {@code packed[offset .. offset + length)} back as numbers, in step order,
   * whichever encoding packed them.
   */
  public static float[] unpack(byte[] packed, int offset, int length) {
    if (length % Float.BYTES == 0) {
      ByteBuffer bytes = ByteBuffer.wrap(packed, offset, length).order(ByteOrder.LITTLE_ENDIAN);
      float[] values = new float[length / Float.BYTES];
      for (int k = 0; k < values.length; k++) {
        values[k] = bytes.getFloat();
      }
      return values;
    }
    if (length < SHORT_HEADER
        || packed[offset] != ShardingSpec.SHORT_BITS
        || (length - SHORT_HEADER) % Short.BYTES != 0) {
      throw new IllegalArgumentException(
          "packed step values of "
              + length
              + " bytes: neither whole 4-byte numbers nor a 16-bit block");
    }
    ByteBuffer bytes =
        ByteBuffer.wrap(packed, offset + 1, length - 1).order(ByteOrder.LITTLE_ENDIAN);
    double reference = bytes.getFloat();
    double step = bytes.getFloat();
    float[] values = new float[(length - SHORT_HEADER) / Short.BYTES];
    for (int k = 0; k < values.length; k++) {
      int code = bytes.getShort() & 0xFFFF;
      values[k] = code == MISSING ? Float.NaN : (float) (reference + code * step);
    }
    return values;
  }
}
