package dev.spotcast.query.search;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The document cache's doorkeeper when it keeps only documents read again ({@code
 * spotcast.query.cache.admission: read-again}, or {@code read-again-when-full} once the cache is
 * full): which documents requests read lately, approximately, as a fixed table of fingerprints. A
 * document is recorded in the pair of slots its fingerprint selects, the newest first; a third
 * document of the same pair pushes out the oldest, so a document is remembered until about as many
 * others have been read as the table has slots, two documents of one read that select the same pair
 * are both remembered, and a fingerprint shared by two documents (one in 2^64) only lets the second
 * in a read early. Costs a lookup and a write per document read, where keeping it costs its copy,
 * its entry and an eviction (docs/benchmarks.md, "Stop 72").
 */
final class ReadBefore {

  /** The fewest and the most slots: 512 KiB and 32 MiB of the heap. */
  static final int MIN_SLOTS = 1 << 16;

  static final int MAX_SLOTS = 1 << 22;

  /** The bytes of a cached document of a whole series of 5 parameters, about (145 x 5 x 4). */
  private static final long DOCUMENT_BYTES = 3 << 10;

  private final AtomicLongArray slots;
  private final int mask;

  /**
   * @param slots a power of two, at least 2
   */
  ReadBefore(int slots) {
    if (Integer.bitCount(slots) != 1 || slots < 2) {
      throw new IllegalArgumentException("slots must be a power of two, at least 2: " + slots);
    }
    this.slots = new AtomicLongArray(slots);
    this.mask = slots - 1;
  }

  /**
   * A table of about as many slots as a cache of {@code maxBytes} holds documents of a whole series
   * (between {@link #MIN_SLOTS} and {@link #MAX_SLOTS}): a document is remembered about as long as
   * a full cache would keep it without its being read again.
   */
  static ReadBefore forCache(long maxBytes) {
    long documents = Math.clamp(maxBytes / DOCUMENT_BYTES, MIN_SLOTS, MAX_SLOTS);
    return new ReadBefore(Integer.highestOneBit((int) documents));
  }

  /**
   * Whether the document of this fingerprint was read before and is still remembered; if not, it is
   * remembered from now on.
   */
  boolean again(long fingerprint) {
    long recorded = fingerprint == 0 ? 1 : fingerprint; // 0 is an empty slot
    int slot = (int) (recorded ^ (recorded >>> 32)) & mask & ~1;
    long newest = slots.get(slot);
    if (newest == recorded || slots.get(slot + 1) == recorded) {
      return true;
    }
    slots.lazySet(slot + 1, newest);
    slots.lazySet(slot, recorded);
    return false;
  }

  /** The slots of the table. */
  int slots() {
    return slots.length();
  }
}
