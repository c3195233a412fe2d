package dev.spotcast.ingestor.bulk;

import java.util.Arrays;
import java.util.List;

/**
 * Documents bound for one shard of one index, as the NDJSON body of one bulk request: an action
 * line and a source line per document. {@code offsets[i]} is where item i starts ({@code
 * offsets[n]} is the body's length), so failed items can be sent again on their own.
 */
public record ShardBatch(String index, int shard, byte[] body, int[] offsets) {

  public int documents() {
    return offsets.length - 1;
  }

  /** The NDJSON lines of one item (action and source). */
  public byte[] item(int i) {
    return Arrays.copyOfRange(body, offsets[i], offsets[i + 1]);
  }

  /** A batch of only these items, in this order. */
  public ShardBatch subset(List<Integer> items) {
    int[] newOffsets = new int[items.size() + 1];
    int length = 0;
    for (int k = 0; k < items.size(); k++) {
      newOffsets[k] = length;
      int i = items.get(k);
      length += offsets[i + 1] - offsets[i];
    }
    newOffsets[items.size()] = length;
    byte[] newBody = new byte[length];
    for (int k = 0; k < items.size(); k++) {
      int i = items.get(k);
      System.arraycopy(body, offsets[i], newBody, newOffsets[k], offsets[i + 1] - offsets[i]);
    }
    return new ShardBatch(index, shard, newBody, newOffsets);
  }
}
