package dev.spotcast.query.search;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.StampedLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The numbers of the document cache's blocks, in pages of memory outside the heap allocated once
 * and reused, instead of a float array per parameter per document: what the garbage collector
 * copies.
 *
 * <p>Over a run larger than the cache, the cache replaces its documents all the time. Kept as
 * arrays of their own, every document read survived a young collection or two and was promoted, and
 * each collection copied what had been read since the last: 100-600 ms pauses every 6-7 s at 2,000
 * spots/s over the 977 M run (docs/benchmarks-journal.md, stop 50), and an old generation that
 * fills with the replaced ones until a full collection. Here a document's numbers are copied into a
 * slot of a page; only the small entry that points to the slot is on the heap. The pages are off
 * the heap ({@link Arena}), so that the collector does not copy them either while they fill, as it
 * did pages of floats on the heap (stop 51).
 *
 * <p>Slots come in sizes (the numbers of a document: parameters x steps of its block), each size
 * its own pages. A slot freed by the cache (evicted, replaced, its run dropped) is reused by the
 * next document of its size. A reader copies a slot's numbers out under an optimistic read of its
 * page's {@link StampedLock} and checks the slot still holds the document it was given (its
 * generation): a slot reused in between is a miss, never another document's numbers.
 */
final class ValueSlab {

  /** Floats per page at most (1 MiB): large enough to be few, small enough to grow by. */
  static final int PAGE_FLOATS = 1 << 18;

  /** A document's place: its slots' size, the slot, and the generation written there. */
  record Slot(Slots size, int slot, int generation) {}

  private static final Logger log = LoggerFactory.getLogger(ValueSlab.class);

  private final long maxBytes;

  /** Whether the JVM refused a page: the slab then only reuses the slots it has. */
  private volatile boolean offHeapRefused;

  private final AtomicLong allocated = new AtomicLong();
  private final AtomicInteger generations = new AtomicInteger();
  private final ConcurrentHashMap<Integer, Slots> sizes = new ConcurrentHashMap<>();

  /**
   * @param maxBytes the most bytes of pages to allocate, all sizes together
   */
  ValueSlab(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /** Bytes of pages allocated (off the heap), free slots included. */
  long bytesAllocated() {
    return allocated.get();
  }

  /**
   * Copies a block's numbers (columns of the same length) into a slot; null when there is no room
   * (the pages would exceed the bound, as when the cache's documents change size).
   */
  Slot write(float[][] columns) {
    int length = columns[0].length;
    int floats = columns.length * length;
    if (floats == 0) {
      return null;
    }
    Slots size = sizes.computeIfAbsent(floats, Slots::new);
    int slot = size.take();
    if (slot < 0) {
      return null;
    }
    int generation;
    do {
      generation = generations.incrementAndGet();
    } while (generation == 0);
    Page page = size.page(slot);
    int at = size.offset(slot);
    long stamp = page.lock.writeLock();
    try {
      page.generations[slot % size.perPage] = generation;
      for (float[] column : columns) {
        MemorySegment.copy(
            column, 0, page.values, ValueLayout.JAVA_FLOAT, (long) at * FLOAT, length);
        at += length;
      }
    } finally {
      page.lock.unlockWrite(stamp);
    }
    return new Slot(size, slot, generation);
  }

  /**
   * The numbers of a slot, copied out as {@code columns} columns of one length; null when the slot
   * no longer holds what was written with this generation.
   */
  static float[][] read(Slot held, int columns) {
    Slots size = held.size();
    Page page = size.page(held.slot());
    int index = held.slot() % size.perPage;
    int at = size.offset(held.slot());
    int length = size.floats / columns;
    float[][] read = new float[columns][];
    long stamp = page.lock.tryOptimisticRead();
    boolean holds = copy(page, index, held.generation(), at, length, read);
    if (!page.lock.validate(stamp)) {
      stamp = page.lock.readLock();
      try {
        holds = copy(page, index, held.generation(), at, length, read);
      } finally {
        page.lock.unlockRead(stamp);
      }
    }
    return holds ? read : null;
  }

  private static boolean copy(
      Page page, int index, int generation, int at, int length, float[][] into) {
    if (page.generations[index] != generation) {
      return false;
    }
    for (int c = 0; c < into.length; c++) {
      into[c] = new float[length];
      MemorySegment.copy(
          page.values,
          ValueLayout.JAVA_FLOAT,
          (long) (at + c * length) * FLOAT,
          into[c],
          0,
          length);
    }
    return true;
  }

  /** Gives a slot back for the next document of its size. */
  static void free(Slot held) {
    held.size().give(held.slot());
  }

  private static final long FLOAT = Float.BYTES;

  /**
   * A page: its numbers (off the heap, freed when the page is no longer reachable), the generation
   * each slot holds, and the lock its readers validate.
   */
  private static final class Page {
    final MemorySegment values;
    final int[] generations;
    final StampedLock lock = new StampedLock();

    Page(int slots, int floats) {
      values = Arena.ofAuto().allocate(slots * floats * FLOAT, FLOAT);
      generations = new int[slots];
    }
  }

  /** The slots of one size: their pages, and the slots free. */
  final class Slots {

    final int floats;
    final int perPage;
    private volatile Page[] pages = new Page[0];
    private int[] free = new int[16];
    private int freeCount;

    Slots(int floats) {
      this.floats = floats;
      // A page holds at least one slot, and no more than a sixteenth of the bound: a small cache
      // still gets room for several pages.
      long bound = Math.max(1, maxBytes / 16 / Float.BYTES / floats);
      this.perPage = (int) Math.max(1, Math.min(PAGE_FLOATS / floats, bound));
    }

    Page page(int slot) {
      return pages[slot / perPage];
    }

    int offset(int slot) {
      return (slot % perPage) * floats;
    }

    /** A free slot, from a new page if none is; -1 when a page more would pass the bound. */
    synchronized int take() {
      if (freeCount > 0) {
        return free[--freeCount];
      }
      if (offHeapRefused) {
        return -1;
      }
      long bytes = (long) perPage * floats * Float.BYTES;
      long now;
      do {
        now = allocated.get();
        if (now + bytes > maxBytes) {
          return -1;
        }
      } while (!allocated.compareAndSet(now, now + bytes));
      Page page;
      try {
        page = new Page(perPage, floats);
      } catch (OutOfMemoryError refused) {
        // The JVM's bound on memory off the heap (-XX:MaxDirectMemorySize, by default the heap's
        // maximum) is below the cache's: the block is not kept, and the request goes on. No page
        // is asked for again: each refusal costs a full collection and up to a second of retries.
        allocated.addAndGet(-bytes);
        if (!offHeapRefused) {
          offHeapRefused = true;
          log.warn(
              "The document cache keeps no more blocks: {}. Give the JVM"
                  + " -XX:MaxDirectMemorySize above spotcast.query.cache.max-memory ({} MiB)",
              refused.getMessage(),
              maxBytes >> 20);
        }
        return -1;
      }
      Page[] grown = Arrays.copyOf(pages, pages.length + 1);
      grown[pages.length] = page;
      int first = pages.length * perPage;
      for (int slot = first + perPage - 1; slot > first; slot--) {
        give(slot);
      }
      pages = grown;
      return first;
    }

    synchronized void give(int slot) {
      if (freeCount == free.length) {
        free = Arrays.copyOf(free, 2 * free.length);
      }
      free[freeCount++] = slot;
    }
  }
}
