package dev.spotcast.query.search;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Policy;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import dev.spotcast.sharding.ShardingStrategy;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The documents of recently asked grid points, per published run, in memory: a run never changes
 * once published, so a document read once answers every later request that needs it without
 * Elasticsearch, however many requests concentrate on the same places. Bounded by the memory its
 * documents hold ({@code spotcast.query.cache.max-memory}, estimated per document by {@link
 * #bytes}; Caffeine keeps the most often and recently used), so the bound means the same memory
 * whatever the layout: a document of a whole series holds its steps' numbers in a slot of the
 * {@link ValueSlab}, off the heap, and a small entry on it; a document of one step a hit and a map
 * of its own on the heap. The documents of a run the service no longer serves are dropped ({@link
 * #retainRuns}). Metrics: {@code
 * cache_gets_total{cache="spotcast.query.documents",result="hit|miss"}}, {@code cache_size}, {@code
 * cache_evictions_total}, {@code spotcast_query_documents_bytes} (the estimate held), {@code
 * spotcast_query_documents_slab_bytes} (the slab's pages, off the heap).
 */
public final class DocumentCache {

  /**
   * One document as a request reads it: run, level type (axis), level, step (the first of its
   * block, for a run whose documents carry blocks of steps), grid point, and the fields read (a
   * request for fewer parameters reads fewer doc values). Cheap to hash and compare, as every
   * request builds and looks up a few dozen: the run is its sharding strategy, one object per
   * served run ({@code PublishedRuns.strategy}), compared by identity; the fields are a bit per
   * parameter of the axis ({@link #fieldMasks}).
   */
  record Key(ShardingStrategy run, int axis, double level, int step, int point, long fields) {

    /**
     * Mixes every component with a large odd multiplier. A record's own hash (31 x h + next) made
     * the keys of neighbouring steps and points collide (step + 1 and point - 31 hash alike), so
     * the cache's map compared dozens of keys per lookup.
     */
    @Override
    public int hashCode() {
      long h = fingerprint();
      return (int) (h ^ (h >>> 32));
    }

    /** The key's 64 bits of hash ({@link ReadBefore}). */
    long fingerprint() {
      long h = point;
      h = h * MIX + step;
      h = h * MIX + Double.doubleToLongBits(level);
      h = h * MIX + axis;
      h = h * MIX + fields;
      h = h * MIX + System.identityHashCode(run);
      return h * MIX;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k
          && point == k.point
          && step == k.step
          && run == k.run
          && axis == k.axis
          && fields == k.fields
          && Double.doubleToLongBits(level) == Double.doubleToLongBits(k.level);
    }

    private static final long MIX = 0x9E3779B97F4A7C15L;
  }

  /**
   * Per axis of the run, the parameters of the axis a request reads, a bit per position in the
   * axis's parameter list: a document of the axis holds exactly these values, so two requests for
   * different parameters share the documents of an axis where they read the same ones. Null when an
   * axis has more parameters than a mask holds (such requests are not cached).
   */
  static long[] fieldMasks(ForecastRun run, List<Parameter> requested) {
    List<LevelAxis> axes = run.axes();
    long[] masks = new long[axes.size()];
    for (int a = 0; a < masks.length; a++) {
      List<Parameter> parameters = axes.get(a).parameters();
      if (parameters.size() > Long.SIZE) {
        return null;
      }
      for (int i = 0; i < parameters.size(); i++) {
        String name = parameters.get(i).name();
        for (Parameter wanted : requested) {
          if (wanted.name().equals(name)) {
            masks[a] |= 1L << i;
            break;
          }
        }
      }
    }
    return masks;
  }

  /**
   * A document as the cache holds it: its hits on the heap ({@link OnHeap}), or a block whose
   * numbers are in the slab ({@link InSlab}).
   */
  private sealed interface Held permits OnHeap, InSlab {}

  /** One hit, or one per step of its block in step order. */
  private record OnHeap(List<ForecastHit> hits) implements Held {}

  /**
   * A block of steps whose numbers are in the slab: what its hits are made of besides them (the hit
   * read, without its numbers; the block's steps; the parameters' names) and its slot.
   */
  private record InSlab(
      int axis,
      int point,
      double level,
      double distance,
      double lat,
      double lon,
      List<Integer> steps,
      String[] names,
      ValueSlab.Slot slot)
      implements Held {

    /** The block's hits, its numbers copied out of the slab; null when its slot was reused. */
    List<ForecastHit> hits() {
      float[][] columns = ValueSlab.read(slot, names.length);
      if (columns == null) {
        return null;
      }
      ForecastHit read =
          new ForecastHit(
              axis,
              point,
              level,
              steps.getFirst(),
              new BlockStepValues(names, columns, 0),
              distance,
              lat,
              lon);
      return BlockHits.of(read, steps);
    }
  }

  /** Per document, what the cache holds of it. */
  private final Cache<Key, Held> documents;

  /** The numbers of the blocks held. */
  private final ValueSlab slab;

  /** The runs of the last {@link #retainRuns}, by record id. */
  private volatile Set<String> retained = Set.of();

  /**
   * Which documents requests read lately, when only those read again are kept; null: every document
   * read is kept.
   */
  private final ReadBefore readBefore;

  /** Which documents a request's read keeps. */
  private final Admission admission;

  /**
   * The cache has pushed a document out for room (or its slab had none for a block) since it last
   * had room ({@link Admission#READ_AGAIN_WHEN_FULL}); a run leaving it ({@link #retainRuns}) gives
   * it room again.
   */
  private volatile boolean full;

  /**
   * Warm-ups under way ({@link #warming}): while any is, a request's read is kept at once whatever
   * the admission, since a warm-up reads what users are about to ask.
   */
  private final AtomicInteger warmUps = new AtomicInteger();

  /** Every document read is kept ({@link Admission#FIRST_READ}). */
  public DocumentCache(long maxBytes, MeterRegistry registry) {
    this(maxBytes, Admission.FIRST_READ, registry);
  }

  /** Which documents a request's read keeps ({@code spotcast.query.cache.admission}). */
  public enum Admission {
    /** Every document read, the first time. */
    FIRST_READ,
    /**
     * A document read again while still remembered ({@link ReadBefore}): a place asked once costs
     * no copy, entry or eviction; a place asked again reads Elasticsearch once more, then is kept.
     */
    READ_AGAIN,
    /**
     * Every document read while the cache has room, as {@link #FIRST_READ}; once it has pushed one
     * out for room, only those read again, as {@link #READ_AGAIN}, until a run leaving it makes
     * room again. A service asked at few places (cities) keeps them at their first read; one asked
     * at new places all the time stops paying for copies that are pushed out before they are read.
     */
    READ_AGAIN_WHEN_FULL
  }

  /**
   * @param maxBytes the heap the documents may hold, as {@link #bytes} estimates it
   * @param admission which documents a request's read keeps; documents kept otherwise (a run's
   *     preload, the documents read ahead for a run's successor) are kept whatever it says
   */
  public DocumentCache(long maxBytes, Admission admission, MeterRegistry registry) {
    this.admission = admission;
    this.readBefore = admission != Admission.FIRST_READ ? ReadBefore.forCache(maxBytes) : null;
    // Maintenance (eviction, the frequency sketch) runs on the calling thread: handing it to the
    // common pool woke a thread per burst of writes, a context switch that cost more than the work
    // on two cores.
    this.slab = new ValueSlab(maxBytes);
    this.documents =
        Caffeine.newBuilder()
            .maximumWeight(maxBytes)
            .<Key, Held>weigher((key, held) -> weight(held))
            .executor(Runnable::run)
            .removalListener(
                (Key key, Held held, RemovalCause cause) -> {
                  if (held instanceof InSlab block) {
                    ValueSlab.free(block.slot());
                  }
                  if (cause == RemovalCause.SIZE) {
                    filled();
                  }
                })
            .recordStats()
            .build();
    CaffeineCacheMetrics.monitor(registry, documents, "spotcast.query.documents");
    Gauge.builder("spotcast.query.documents.bytes", this, DocumentCache::bytesHeld)
        .description("Heap held by the document cache's documents (estimated)")
        .baseUnit("bytes")
        .register(registry);
    Gauge.builder("spotcast.query.documents.slab.bytes", slab, ValueSlab::bytesAllocated)
        .description(
            "Memory off the heap allocated to the pages that hold the cached blocks' numbers, free"
                + " slots included")
        .baseUnit("bytes")
        .register(registry);
  }

  /** What an entry weighs, as {@link #bytes} weighed it when it was put. */
  private static int weight(Held held) {
    return switch (held) {
      case OnHeap heap -> bytes(heap.hits());
      case InSlab block ->
          slabBytes(block.names().length, block.slot().size().floats / block.names().length);
    };
  }

  /**
   * Bytes of the heap an entry holds around its value: the key (48), Caffeine's node (40), the node
   * of its map (32) and a slot of the map's table (8, at its load factor).
   */
  static final int ENTRY_BYTES = 48 + 40 + 32 + 8;

  /**
   * An estimate of the heap a document's entry holds, from the object layouts of a 64-bit JVM with
   * compressed references (12-byte headers, 4-byte references, 8-byte alignment), as {@code jmap
   * -histo} measured them on a full cache (docs/benchmarks.md, stop 36). A block whose columns all
   * have its length is kept in the slab ({@link #slabBytes}). Any other block: its {@link
   * BlockHits} (32), the hit read (64), its values (32), the list of its steps (24), the arrays of
   * names and columns, and a column of floats per parameter; the parameter names are the ones every
   * document shares ({@link SearchWire}). A document of one step: the list, and per hit the hit and
   * its values ({@link StepValues}: the map, an array of names and one of numbers; any other map as
   * a hash map of boxed numbers).
   */
  static int bytes(List<ForecastHit> hits) {
    long bytes;
    if (hits instanceof BlockHits block) {
      float[][] columns = block.columns();
      int length = slabLength(columns);
      if (length > 0) {
        return slabBytes(columns.length, length);
      }
      bytes = blockBytes(columns.length);
      for (float[] column : columns) {
        bytes += column == null ? 0 : array(4L * column.length);
      }
    } else {
      bytes = stepsBytes(hits.size());
      for (ForecastHit hit : hits) {
        bytes += hit == null ? 0 : HIT_BYTES + valuesBytes(hit.values());
      }
    }
    return (int) Math.min(Integer.MAX_VALUE, bytes);
  }

  /**
   * The length of a block's columns when the slab can hold them (every column present, all of one
   * length, not empty); 0 otherwise.
   */
  private static int slabLength(float[][] columns) {
    if (columns.length == 0 || columns[0] == null) {
      return 0;
    }
    int length = columns[0].length;
    for (float[] column : columns) {
      if (column == null || column.length != length) {
        return 0;
      }
    }
    return length;
  }

  /**
   * A block held in the slab: on the heap the entry, its {@link InSlab} (64), the slot's record
   * (24) and the array of names; off the heap its numbers (4 bytes each, no header).
   */
  private static long slabBytesLong(int parameters, int length) {
    return ENTRY_BYTES + 64 + 24 + array(4L * parameters) + 4L * parameters * length;
  }

  private static int slabBytes(int parameters, int length) {
    return (int) Math.min(Integer.MAX_VALUE, slabBytesLong(parameters, length));
  }

  /** A hit's own bytes, without its values. */
  private static final int HIT_BYTES = 64;

  /**
   * A block's entry without its columns of numbers: the entry, BlockHits (32), the hit read, its
   * values (32), its steps' list (24), the arrays of names and of columns.
   */
  private static long blockBytes(int parameters) {
    return ENTRY_BYTES + 32 + HIT_BYTES + 32 + 24 + 2 * array(4L * parameters);
  }

  /** An entry of hits of one step without the hits: the entry and the list (16 and its array). */
  private static long stepsBytes(int hits) {
    return ENTRY_BYTES + 16 + array(4L * hits);
  }

  /**
   * What {@link #bytes} would weigh every document of a run at, read whole with all its parameters:
   * the heap the run takes in the cache.
   */
  static long estimate(ForecastRun run) {
    long bytes = 0;
    for (LevelAxis axis : run.axes()) {
      int parameters = axis.parameters().size();
      long perPoint = 0;
      for (int s = 0; s < run.steps().size(); s += run.blockLength(s)) {
        perPoint +=
            run.stepsPerDocument() > 1
                ? slabBytesLong(parameters, run.blockLength(s))
                : stepsBytes(1) + HIT_BYTES + stepValuesBytes(parameters);
      }
      bytes += perPoint * axis.levels().size() * run.grid().pointCount();
    }
    return bytes;
  }

  /** The most heap the documents may hold. */
  long maxBytes() {
    return documents.policy().eviction().map(e -> e.getMaximum()).orElse(Long.MAX_VALUE);
  }

  /** An array's bytes: its 16-byte header and its payload, aligned to 8. */
  private static long array(long payload) {
    return (16 + payload + 7) & ~7L;
  }

  /** A hit's values: {@link StepValues} as read, or any other map as a hash map. */
  private static long valuesBytes(Map<String, Double> values) {
    return values instanceof StepValues ? stepValuesBytes(values.size()) : mapBytes(values.size());
  }

  /** {@link StepValues}: the map (24), its names and its numbers. */
  private static long stepValuesBytes(int values) {
    return 24 + array(4L * values) + array(8L * values);
  }

  /**
   * A {@link java.util.HashMap} of boxed numbers: the map (48), its table (16 slots, doubled past
   * three quarters full), and per entry its node (32) and its Double (16).
   */
  private static long mapBytes(int entries) {
    long slots = 16;
    while (entries > slots * 3 / 4) {
      slots *= 2;
    }
    return 48 + array(4 * slots) + 48L * entries;
  }

  private double bytesHeld() {
    return documents.policy().eviction().map(e -> (double) e.weightedSize().orElse(0)).orElse(0.0);
  }

  /**
   * The hits of the documents of these keys, by key; null unless every one is held (then
   * Elasticsearch is asked for all).
   */
  Map<Key, List<ForecastHit>> all(List<Key> keys) {
    Map<Key, Held> found = documents.getAllPresent(keys);
    // Counted as misses of the ones not held; the held ones were hits.
    if (found.size() < keys.size()) {
      return null;
    }
    Map<Key, List<ForecastHit>> hits = HashMap.newHashMap(found.size());
    for (Map.Entry<Key, Held> entry : found.entrySet()) {
      List<ForecastHit> document =
          switch (entry.getValue()) {
            case OnHeap heap -> heap.hits();
            case InSlab block -> block.hits();
          };
      if (document == null) {
        // Its slot was given to another document after the lookup (it was just evicted).
        return null;
      }
      hits.put(entry.getKey(), document);
    }
    return hits;
  }

  /**
   * Until the returned handle is closed, every document a request reads is kept at once, as {@link
   * Admission#FIRST_READ} keeps it: the service's warm-up sends itself requests at the places its
   * users asked most (dev.spotcast.query.web.Warmup), at its start before it is ready and for a
   * model's new run before users are moved to it, and what they read is what users read next. A
   * user's read meanwhile is kept too.
   */
  public Warming warming() {
    warmUps.incrementAndGet();
    AtomicBoolean open = new AtomicBoolean(true);
    return () -> {
      if (open.compareAndSet(true, false)) {
        warmUps.decrementAndGet();
      }
    };
  }

  /** A warm-up under way ({@link #warming}); closing it ends it. */
  public interface Warming extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * Keeps a document a request read, as {@link #put} does, unless only documents read again are
   * kept and this one was not read lately.
   */
  void putRead(Key key, List<ForecastHit> hits) {
    if (admits(key)) {
      put(key, hits);
    }
  }

  /**
   * Whether a request's read of this document keeps it ({@link Admission}); remembers the read when
   * only documents read again are kept.
   */
  boolean admits(Key key) {
    return readBefore == null
        || warmUps.get() > 0
        || (admission == Admission.READ_AGAIN_WHEN_FULL && !full)
        || readBefore.again(key.fingerprint());
  }

  /** The cache has had no room for a document; written once, not on every eviction after. */
  private void filled() {
    if (!full) {
      full = true;
    }
  }

  /**
   * Keeps a document's hits: the one hit of a document of one step, or one per step of its block in
   * step order (every step, not only those a request asked for). A block's numbers go to the slab
   * when it can hold them; when its pages are full (documents of another size hold them), the block
   * is not kept.
   */
  void put(Key key, List<ForecastHit> hits) {
    if (hits instanceof BlockHits block && slabLength(block.columns()) > 0) {
      ValueSlab.Slot slot = slab.write(block.columns());
      if (slot == null) {
        filled();
        return;
      }
      ForecastHit read = block.get(0);
      documents.put(
          key,
          new InSlab(
              read.axisPosition(),
              read.point(),
              read.level(),
              read.sortDistance(),
              read.lat(),
              read.lon(),
              block.steps(),
              block.names(),
              slot));
      return;
    }
    documents.put(key, new OnHeap(hits));
  }

  /**
   * The keys of some runs' documents held, the ones the cache would keep longest first (its most
   * used), until their weight reaches {@code maxBytes} or their number {@code atMost}: what the
   * users of those runs read most, for reading the same documents of the model's next run before
   * they move to it, or of the same runs in the next instance ({@link RunHandoff}). Walks the
   * cache's policy under its eviction lock: once per switch, not per request.
   */
  List<Key> hottest(Predicate<ShardingStrategy> runs, long maxBytes, int atMost) {
    return documents
        .policy()
        .eviction()
        .map(
            eviction ->
                eviction.hottest(
                    (Stream<Policy.CacheEntry<Key, Held>> entries) -> {
                      long[] weight = {0};
                      return entries
                          .filter(entry -> runs.test(entry.getKey().run()))
                          .takeWhile(entry -> (weight[0] += entry.weight()) <= maxBytes)
                          .limit(atMost)
                          .map(Map.Entry::getKey)
                          .toList();
                    }))
        .orElse(List.of());
  }

  /**
   * Drops the documents of every run but these (the ones the service can still answer). Called
   * after every catalog refresh; the cache is only walked when the set of runs changed since the
   * last call.
   */
  public void retainRuns(Collection<RunRecord> servable) {
    Set<String> runs = new HashSet<>();
    servable.forEach(record -> runs.add(record.id()));
    if (runs.equals(retained)) {
      return;
    }
    boolean removed =
        documents
            .asMap()
            .keySet()
            .removeIf(
                key ->
                    !runs.contains(
                        RunRecord.idOf(key.run().run().model(), key.run().run().runId())));
    if (removed) {
      full = false;
    }
    retained = runs;
  }

  /** Documents held now (an estimate while others write). */
  public long size() {
    documents.cleanUp();
    return documents.estimatedSize();
  }
}
