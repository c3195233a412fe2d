package dev.spotcast.model;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a run is spread over indices and shards (hybrid model/time/altitude sharding). Model and run
 * time always select the index; levels and steps are grouped into bands of their own indices;
 * inside an index, documents are routed by a lat/lon tile so that a spot query touches one shard
 * ({@link Routing#TILE}), or left to Elasticsearch's own spreading by {@code _id} ({@link
 * Routing#DOCUMENT}, every search asks every shard). The spec a run was loaded with is stored with
 * the run, so the query side always reads a run with the sharding it was written with.
 *
 * @param levelsPerIndex consecutive levels that share an index
 * @param stepsPerIndex consecutive steps that share an index, 0 for all steps in one
 * @param shardsPerIndex primary shards of each index, or {@link #AUTO_SHARDS} (the default): as
 *     many as the cluster has data nodes when the run's load begins ({@link #withShardsFor}), which
 *     a run's stored spec always names. A run's levels load one index after the other, so the nodes
 *     holding an index's primaries are the ones taking its writes: as many shards as data nodes
 *     spread them over all (docs/operations.md, "Shards per index"). On one node that is one, and
 *     an index of one shard takes as long to load as one of two (the 977 M run: 272-279 against 276
 *     s), while a spot's shared read asks fewer shards (0.30 shard searches per spot against 0.52;
 *     0.49-0.50 against 0.52-0.55 ms of CPU per spot, docs/benchmarks.md, "Stop 76").
 * @param tileDegrees edge of the routing tile in degrees
 * @param routing how documents are spread over the shards of an index; null reads as {@link
 *     Routing#TILE} (run records stored before the choice existed)
 * @param stepsPerDocument consecutive steps of one grid point and level that one document carries:
 *     1, one document per step; more, a block of that many steps whose values are packed per
 *     parameter (a run's last block may be shorter); {@link #ALL_STEPS} or any number at least the
 *     run's steps, every step in one document per point and level, or every step of an index's band
 *     with {@code stepsPerIndex}. Must divide {@code stepsPerIndex} when both are set, so that a
 *     block never spans two indices. {@link #ALL_STEPS} by default (the layout measured cheapest to
 *     index and to read a series from); 0 reads as 1 (run records stored before the choice existed
 *     were written one document per step).
 * @param valueBits bits per value of a block's packed values (dev.spotcast.index.StepBlocks): 32,
 *     the values exactly as decoded (the default), or 16, as GRIB's simple packing, each value
 *     within 1/131068 of its block's range, for half the bytes on disk and on the wire; one-step
 *     documents keep their values as numbers. 0 reads as 32 (run records stored before the choice
 *     existed).
 * @param preloadValues whether Elasticsearch reads the run's values into the page cache whenever it
 *     opens their shards ({@code index.store.preload} of the doc values' data): a node started
 *     again answers from memory at once instead of reading pages one request at a time. For runs
 *     that fit in the nodes' page cache beside the others so preloaded: every one of them is read
 *     whole at every start of a node holding it.
 * @param oneColumn whether a document of a block of steps keeps its grid point, level, first step
 *     and every parameter's packed values in one binary doc value
 *     (dev.spotcast.index.DocumentColumn) rather than one per parameter: a document is then read
 *     from one place of the index instead of one per parameter and per identifying field. Ignored
 *     by runs of one step per document. False by default; false for run records stored before the
 *     choice existed.
 */
@ConfigurationProperties("spotcast.sharding")
public record ShardingSpec(
    @DefaultValue("3") int levelsPerIndex,
    @DefaultValue("0") int stepsPerIndex,
    @DefaultValue("0") int shardsPerIndex,
    @DefaultValue("10") double tileDegrees,
    @DefaultValue("TILE") Routing routing,
    @DefaultValue("2147483647") int stepsPerDocument,
    @DefaultValue("32") int valueBits,
    @DefaultValue("false") boolean preloadValues,
    @DefaultValue("true") boolean oneColumn) {

  /**
   * Every step of a point and level in one document (of an index's band of steps, with steps per
   * index): the layout that costs Elasticsearch least to index and to read a series from
   * (docs/benchmarks.md, "Documents of one step or of many").
   */
  public static final int ALL_STEPS = Integer.MAX_VALUE;

  /**
   * Whether new runs keep each document in one column by default: cheaper to load, a spot over a
   * run larger than memory costs less CPU and reads a third of the disk (docs/benchmarks.md, "One
   * column per document").
   */
  public static final boolean ONE_COLUMN = true;

  /** Bits per packed value: the values exactly as decoded. */
  public static final int EXACT_BITS = 32;

  /** Bits per packed value: as GRIB's simple packing, within 1/131068 of a block's range. */
  public static final int SHORT_BITS = 16;

  /**
   * Shards per index not chosen yet: as many as the cluster's data nodes when the load begins
   * ({@link #withShardsFor}).
   */
  public static final int AUTO_SHARDS = 0;

  /** The most primary shards per index; the most Elasticsearch's routing splits into, too. */
  public static final int MAX_SHARDS = 1024;

  /**
   * The default layout as a one-node cluster resolves it: {@link #AUTO_SHARDS} is one shard there.
   */
  public static final ShardingSpec DEFAULT = new ShardingSpec(3, 0, 1, 10.0);

  /** How the documents of an index are spread over its shards. */
  public enum Routing {
    /** Routed by lat/lon tile: a spot query asks only the shards of the tiles it touches. */
    TILE,
    /**
     * No custom routing: Elasticsearch spreads documents by {@code _id}; searches ask every shard.
     */
    DOCUMENT
  }

  /** Tile routing, as before the routing choice existed; every step in one document. */
  public ShardingSpec(
      int levelsPerIndex, int stepsPerIndex, int shardsPerIndex, double tileDegrees) {
    this(levelsPerIndex, stepsPerIndex, shardsPerIndex, tileDegrees, Routing.TILE);
  }

  /** Every step of a point and level in one document ({@link #ALL_STEPS}), the default layout. */
  public ShardingSpec(
      int levelsPerIndex,
      int stepsPerIndex,
      int shardsPerIndex,
      double tileDegrees,
      Routing routing) {
    this(levelsPerIndex, stepsPerIndex, shardsPerIndex, tileDegrees, routing, ALL_STEPS);
  }

  /** Values packed in 32 bits, exactly as decoded, not preloaded, each document one column. */
  public ShardingSpec(
      int levelsPerIndex,
      int stepsPerIndex,
      int shardsPerIndex,
      double tileDegrees,
      Routing routing,
      int stepsPerDocument) {
    this(
        levelsPerIndex,
        stepsPerIndex,
        shardsPerIndex,
        tileDegrees,
        routing,
        stepsPerDocument,
        EXACT_BITS,
        false);
  }

  /** Each document of a block of steps one column ({@link #ONE_COLUMN}). */
  public ShardingSpec(
      int levelsPerIndex,
      int stepsPerIndex,
      int shardsPerIndex,
      double tileDegrees,
      Routing routing,
      int stepsPerDocument,
      int valueBits,
      boolean preloadValues) {
    this(
        levelsPerIndex,
        stepsPerIndex,
        shardsPerIndex,
        tileDegrees,
        routing,
        stepsPerDocument,
        valueBits,
        preloadValues,
        ONE_COLUMN);
  }

  @ConstructorBinding
  public ShardingSpec {
    if (valueBits == 0) {
      valueBits = EXACT_BITS;
    }
    if (valueBits != EXACT_BITS && valueBits != SHORT_BITS) {
      throw new IllegalArgumentException(
          "spotcast.sharding.value-bits must be 32 (exact) or 16 (packed as GRIB's simple packing), not "
              + valueBits);
    }
    if (routing == null) {
      routing = Routing.TILE;
    }
    if (stepsPerDocument == 0) {
      stepsPerDocument = 1;
    }
    if (stepsPerDocument < 0) {
      throw new IllegalArgumentException("spotcast.sharding.steps-per-document must be >= 1");
    }
    if (stepsPerIndex > 0 && stepsPerDocument > stepsPerIndex) {
      // Every step of the index's band in one document.
      stepsPerDocument = stepsPerIndex;
    }
    if (levelsPerIndex < 1) {
      throw new IllegalArgumentException("spotcast.sharding.levels-per-index must be >= 1");
    }
    if (stepsPerIndex < 0) {
      throw new IllegalArgumentException("spotcast.sharding.steps-per-index must be >= 0");
    }
    if (shardsPerIndex < AUTO_SHARDS || shardsPerIndex > MAX_SHARDS) {
      throw new IllegalArgumentException(
          "spotcast.sharding.shards-per-index must be in 1.."
              + MAX_SHARDS
              + ", or 0: as many as the cluster's data nodes");
    }
    if (!(tileDegrees > 0) || tileDegrees > 180) {
      throw new IllegalArgumentException("spotcast.sharding.tile-degrees must be in (0, 180]");
    }
    double tilesAround = 360 / tileDegrees;
    if (Math.abs(tilesAround - Math.rint(tilesAround)) > 1e-9) {
      // Tiles must wrap cleanly at the antimeridian.
      throw new IllegalArgumentException("spotcast.sharding.tile-degrees must divide 360");
    }
    if (stepsPerIndex > 0 && stepsPerIndex % stepsPerDocument != 0) {
      throw new IllegalArgumentException(
          "spotcast.sharding.steps-per-document must divide steps-per-index, so that no document"
              + " spans two indices: "
              + stepsPerDocument
              + " does not divide "
              + stepsPerIndex);
    }
  }

  /**
   * Whether the shards per index are still to be chosen from the cluster ({@link #AUTO_SHARDS}).
   */
  public boolean shardsAuto() {
    return shardsPerIndex == AUTO_SHARDS;
  }

  /**
   * This spec as a cluster of {@code dataNodes} data nodes resolves it: {@link #AUTO_SHARDS}
   * becomes one shard per data node (at least one, at most {@link #MAX_SHARDS}); a number set
   * stays.
   */
  public ShardingSpec withShardsFor(int dataNodes) {
    if (!shardsAuto()) {
      return this;
    }
    return new ShardingSpec(
        levelsPerIndex,
        stepsPerIndex,
        Math.clamp(dataNodes, 1, MAX_SHARDS),
        tileDegrees,
        routing,
        stepsPerDocument,
        valueBits,
        preloadValues,
        oneColumn);
  }

  /** This spec with another routing. */
  public ShardingSpec withRouting(Routing newRouting) {
    return new ShardingSpec(
        levelsPerIndex,
        stepsPerIndex,
        shardsPerIndex,
        tileDegrees,
        newRouting,
        stepsPerDocument,
        valueBits,
        preloadValues,
        oneColumn);
  }

  /** This spec with another number of steps per document. */
  public ShardingSpec withStepsPerDocument(int steps) {
    return new ShardingSpec(
        levelsPerIndex,
        stepsPerIndex,
        shardsPerIndex,
        tileDegrees,
        routing,
        steps,
        valueBits,
        preloadValues,
        oneColumn);
  }

  /** This spec with each document of a block one column, or a column per parameter. */
  public ShardingSpec withOneColumn(boolean one) {
    return new ShardingSpec(
        levelsPerIndex,
        stepsPerIndex,
        shardsPerIndex,
        tileDegrees,
        routing,
        stepsPerDocument,
        valueBits,
        preloadValues,
        one);
  }

  /** Whether documents carry a routing key (their tile); false: Elasticsearch routes by _id. */
  public boolean tileRouted() {
    return routing == Routing.TILE;
  }
}
