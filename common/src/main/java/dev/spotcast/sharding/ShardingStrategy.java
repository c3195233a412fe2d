package dev.spotcast.sharding;

import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The one sharding rule of Spotcast: which index and which routing key a (model, run, level, step,
 * location) document goes to. Indices are per model, run, level band (and optionally step band);
 * routing is a lat/lon tile, so a spot query is sent to the one shard holding its tile (or a few
 * near tile edges). With {@link ShardingSpec.Routing#DOCUMENT} there is no routing key:
 * Elasticsearch spreads documents by {@code _id} and a search asks every shard of its indices.
 * Ingestor and query service both derive it from the run's {@link ShardingSpec}.
 */
public final class ShardingStrategy {

  /** Prefix of every forecast index; the index template matches {@code spotcast-fc-*}. */
  public static final String INDEX_PREFIX = "spotcast-fc-";

  private final ForecastRun run;
  private final ShardingSpec spec;
  private final int routingNumShards;
  private final int tileColumns;
  // Computed once: the ingestion hot path asks for them for every document.
  private final String[][][] indexNames;
  private final String[] tileKeys;
  private final int[] tileShards;

  public ShardingStrategy(ForecastRun run) {
    this.run = run;
    this.spec = run.sharding();
    if (spec.shardsAuto()) {
      throw new IllegalArgumentException(
          "run "
              + run.runId()
              + " of "
              + run.model()
              + ": its shards per index are chosen from the cluster when its load begins"
              + " (ShardingSpec#withShardsFor), not yet");
    }
    this.routingNumShards = ElasticsearchRouting.defaultRoutingNumShards(spec.shardsPerIndex());
    this.tileColumns = (int) Math.round(360 / spec.tileDegrees());
    this.indexNames = new String[run.axes().size()][][];
    for (int a = 0; a < indexNames.length; a++) {
      LevelAxis axis = run.axes().get(a);
      String base = INDEX_PREFIX + run.model() + "-" + run.runId() + "-" + axis.type().code();
      indexNames[a] = new String[axis.levels().size()][run.steps().size()];
      for (int l = 0; l < indexNames[a].length; l++) {
        for (int s = 0; s < indexNames[a][l].length; s++) {
          indexNames[a][l][s] = buildIndexName(base, l, s);
        }
      }
    }
    int tiles = tileRows() * tileColumns;
    this.tileKeys = new String[tiles];
    this.tileShards = new int[tiles];
    for (int tile = 0; tile < tiles; tile++) {
      tileKeys[tile] = Integer.toString(tile);
      tileShards[tile] =
          ElasticsearchRouting.shardId(tileKeys[tile], spec.shardsPerIndex(), routingNumShards);
    }
  }

  /** Pattern of all forecast indices of a model, any run. */
  public static String modelIndexPattern(String model) {
    return INDEX_PREFIX + model + "-*";
  }

  /** The alias that points at the published run of a model. */
  public static String latestAlias(String model) {
    return "spotcast-" + model + "-latest";
  }

  public ForecastRun run() {
    return run;
  }

  public int shardsPerIndex() {
    return spec.shardsPerIndex();
  }

  public int routingNumShards() {
    return routingNumShards;
  }

  /** Whether documents are routed by tile; false: by {@code _id}, without a routing key. */
  public boolean tileRouted() {
    return spec.tileRouted();
  }

  /**
   * Index of the document at the level and step with these positions in the axis's levels and the
   * run's steps. Each level type has indices of its own.
   */
  public String indexName(int axisPosition, int levelPosition, int stepPosition) {
    return indexNames[axisPosition][levelPosition][stepPosition];
  }

  private String buildIndexName(String base, int levelPosition, int stepPosition) {
    String name = (base + (levelPosition / spec.levelsPerIndex())).intern();
    if (spec.stepsPerIndex() > 0) {
      name = (name + "-s" + (stepPosition / spec.stepsPerIndex())).intern();
    }
    return name;
  }

  /** Every index of the run, by axis, then level band, then step band. */
  public List<String> allIndices() {
    Set<String> names = new LinkedHashSet<>();
    for (String[][] axis : indexNames) {
      for (String[] level : axis) {
        names.addAll(List.of(level));
      }
    }
    return new ArrayList<>(names);
  }

  /** The routing tile of a location, numbered row by row from (-90, -180). */
  public int tileOf(double lat, double lon) {
    return tileRow(lat) * tileColumns + tileColumn(lon);
  }

  /** Routing key of a tile: its number as a decimal string; null when routing by _id. */
  public String routingKey(int tile) {
    return spec.tileRouted() ? tileKeys[tile] : null;
  }

  /** Routing key of a location; null when routing by _id. */
  public String routingKey(double lat, double lon) {
    return spec.tileRouted() ? tileKeys[tileOf(lat, lon)] : null;
  }

  /** Shard of every index of the run that a tile's documents land on (tile routing only). */
  public int shardOf(int tile) {
    if (!spec.tileRouted()) {
      throw new IllegalStateException("documents are routed by _id, not by tile");
    }
    return tileShards[tile];
  }

  /**
   * Shard of its index that a document lands on: its tile's shard, or with routing by _id the shard
   * Elasticsearch computes from the id itself (the _id is the routing value when none is given).
   */
  public int shardOf(String id, double lat, double lon) {
    return spec.tileRouted() ? tileShards[tileOf(lat, lon)] : shardOfId(id);
  }

  /** Shard of an index that a document without a routing key lands on. */
  public int shardOfId(String id) {
    return ElasticsearchRouting.shardId(id, spec.shardsPerIndex(), routingNumShards);
  }

  /**
   * The {@code routing} parameter of a search for these routing keys: the distinct non-null keys,
   * comma-separated; null (no routing, every shard is asked) when there are none, as with routing
   * by _id.
   */
  public static String routingParameter(Collection<String> keys) {
    Set<String> distinct = new LinkedHashSet<>();
    for (String key : keys) {
      if (key != null) {
        distinct.add(key);
      }
    }
    return distinct.isEmpty() ? null : String.join(",", distinct);
  }

  /** Shard of an index that a routing key lands on. */
  public int shardOf(String routingKey) {
    return ElasticsearchRouting.shardId(routingKey, spec.shardsPerIndex(), routingNumShards);
  }

  /**
   * Routing keys of every tile that may hold points within {@code radiusKm} of a location: the
   * tiles overlapping the circle's lat/lon bounding box, across the antimeridian and the poles.
   * None when routing by _id.
   */
  public List<String> routingKeysWithin(double lat, double lon, double radiusKm) {
    if (!spec.tileRouted()) {
      return List.of();
    }
    double dLat = radiusKm / 111.195;
    double south = Math.max(-90, lat - dLat);
    double north = Math.min(90, lat + dLat);
    double maxAbsLat = Math.max(Math.abs(south), Math.abs(north));
    double cos = Math.cos(Math.toRadians(maxAbsLat));
    boolean allLongitudes = north >= 90 || south <= -90 || cos * 180 <= dLat;
    double dLon = allLongitudes ? 180 : dLat / cos;
    Set<String> keys = new LinkedHashSet<>();
    int rowFrom = tileRow(south);
    int rowTo = tileRow(north);
    for (int row = rowFrom; row <= rowTo; row++) {
      if (allLongitudes || dLon >= 180) {
        for (int col = 0; col < tileColumns; col++) {
          keys.add(tileKeys[row * tileColumns + col]);
        }
        continue;
      }
      int colFrom = tileColumnUnwrapped(lon - dLon);
      int colTo = tileColumnUnwrapped(lon + dLon);
      for (int col = colFrom; col <= colTo; col++) {
        keys.add(tileKeys[row * tileColumns + Math.floorMod(col, tileColumns)]);
      }
    }
    return new ArrayList<>(keys);
  }

  private int tileRows() {
    return (int) Math.ceil(180 / spec.tileDegrees() - 1e-9);
  }

  private int tileRow(double lat) {
    return Math.max(0, Math.min(tileRows() - 1, (int) Math.floor((lat + 90) / spec.tileDegrees())));
  }

  private int tileColumn(double lon) {
    return Math.floorMod(tileColumnUnwrapped(lon), tileColumns);
  }

  private int tileColumnUnwrapped(double lon) {
    // Columns count from -180; a longitude beyond +-180 gives a column outside [0, tileColumns)
    // that the caller wraps, so that a box crossing the antimeridian stays one range.
    double normalised = RegularLatLonGrid.normaliseLongitude(lon);
    double shift = lon - normalised; // a multiple of 360
    return (int) Math.floor((normalised + 180 + shift) / spec.tileDegrees());
  }
}
