package dev.spotcast.index;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The packed values of a block of steps: one parameter's values at the block's consecutive steps,
 * as little-endian IEEE 754 single-precision numbers, a missing value as NaN. Elasticsearch keeps
 * them as one binary doc value per parameter (base64 in JSON), so that a time series at a place is
 * read as a few documents instead of one per step (docs/benchmarks.md, "Documents of one step or of
 * many").
 */
public final class StepBlocks {

  private StepBlocks() {}

  /**
   * The values {@code values[offset .. offset + length)}, packed; null when all of them are missing
   * (the parameter is then left out of the document).
   */
  public static byte[] pack(float[] values, int offset, int length) {
    boolean any = false;
    for (int k = 0; k < length && !any; k++) {
      any = !Float.isNaN(values[offset + k]);
    }
    if (!any) {
      return null;
    }
    ByteBuffer bytes = ByteBuffer.allocate(length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (int k = 0; k < length; k++) {
      bytes.putFloat(values[offset + k]);
    }
    return bytes.array();
  }

  /** Packed values back as numbers, in step order. */
  public static float[] unpack(byte[] packed) {
    if (packed.length % Float.BYTES != 0) {
      throw new IllegalArgumentException(
          "packed step values of " + packed.length + " bytes: not whole 4-byte numbers");
    }
    ByteBuffer bytes = ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN);
    float[] values = new float[packed.length / Float.BYTES];
    for (int k = 0; k < values.length; k++) {
      values[k] = bytes.getFloat();
    }
    return values;
  }
}
