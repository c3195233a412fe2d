package dev.spotcast.ingestor.cli;

import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.PressureWatch;
import dev.spotcast.ingestor.lifecycle.PublishPolicy;
import dev.spotcast.model.ShardingSpec;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * The options every loading command shares (where Elasticsearch is, {@link ConnectionOptions}; how
 * hard to push it, how to shard), declared once as a picocli mixin.
 */
public final class LoadOptions extends ConnectionOptions {

  @Option(names = "--producers", description = "Producer threads (default: cores).")
  public Integer producers;

  @Option(
      names = "--senders",
      defaultValue = "4",
      description = "Bulk sender threads (default: ${DEFAULT-VALUE}).")
  public int senders;

  @Option(
      names = "--bulk-docs",
      defaultValue = "5000",
      description = "Documents per bulk (default: ${DEFAULT-VALUE}).")
  public int bulkDocs;

  @Option(
      names = "--shards",
      defaultValue = "auto",
      converter = ShardsConverter.class,
      description =
          "Primary shards per index, or auto: as many as the cluster's data nodes when the load"
              + " begins, so that each index's writes spread over all of them; one on one node"
              + " (default: ${DEFAULT-VALUE}).")
  public int shards;

  @Option(
      names = "--levels-per-index",
      defaultValue = "3",
      description = "Levels per index (default: ${DEFAULT-VALUE}).")
  public int levelsPerIndex;

  @Option(
      names = "--steps-per-index",
      defaultValue = "0",
      description = "Steps per index, 0 = all (default: ${DEFAULT-VALUE}).")
  public int stepsPerIndex;

  @Option(
      names = "--steps-per-document",
      defaultValue = "all",
      converter = StepsPerDocumentConverter.class,
      paramLabel = "N|all",
      description =
          "Consecutive steps of a grid point and level in one document: 1 (one document per step), N (blocks"
              + " of N steps, packed per parameter), or all (the whole time series of a point and level, or of"
              + " an index's steps with --steps-per-index) (default: ${DEFAULT-VALUE}; docs/benchmarks.md,"
              + " \"Documents of one step or of many\").")
  public int stepsPerDocument;

  @Option(
      names = "--value-bits",
      defaultValue = "32",
      paramLabel = "32|16",
      description =
          "Bits per value of a document's packed steps: 32, the values exactly as decoded; 16, as GRIB's simple"
              + " packing (each value within 1/131068 of its series' range, finer than the GRIB it came from), half"
              + " the bytes on disk, on the wire and in the page cache, for runs larger than the node's memory"
              + " (default: ${DEFAULT-VALUE}; docs/operations.md, \"Values in 16 bits\").")
  public int valueBits;

  @Option(
      names = "--preload-values",
      description =
          "Elasticsearch reads the run's values into the page cache whenever it opens the run's shards (a node's"
              + " start, a restore): a restarted node answers from memory at once. For runs that fit in the nodes'"
              + " page cache beside the others so loaded (docs/operations.md, \"Runs larger than memory\").")
  public boolean preloadValues;

  @Option(
      names = "--one-column",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Each document of a block of steps keeps its grid point, level, step and every parameter's values in"
              + " one binary doc value (the default): Elasticsearch reads a document from one place instead of one"
              + " per parameter, cheaper to load and to read, a third of the disk reads for runs larger than"
              + " memory. --no-one-column: a doc value per parameter, the layout before 2026-11-29"
              + " (docs/operations.md, \"Runs larger than memory\").")
  public boolean oneColumn;

  @Option(
      names = "--tile-degrees",
      defaultValue = "10",
      description = "Routing tile edge in degrees (default: ${DEFAULT-VALUE}).")
  public double tileDegrees;

  @Option(
      names = "--routing",
      defaultValue = "tile",
      converter = RoutingConverter.class,
      description =
          "Shard routing inside an index: tile (lat/lon tile, spot queries ask few shards) or document (by _id, searches ask every shard) (default: ${DEFAULT-VALUE}).")
  public ShardingSpec.Routing routing;

  @Option(
      names = "--replicas",
      defaultValue = "0",
      description = "Replicas once loaded (default: ${DEFAULT-VALUE}).")
  public int replicas;

  @Option(
      names = "--keep-runs",
      defaultValue = "0",
      description =
          "After publishing, keep only the last N runs of the model and delete older runs' indices (default: ${DEFAULT-VALUE} = keep all).")
  public int keepRuns;

  @Option(
      names = "--archive-repository",
      paramLabel = "REPOSITORY",
      description =
          "With --keep-runs: move older runs to this Elasticsearch snapshot repository (one snapshot per run,"
              + " restored with 'spotcast archive restore') instead of deleting them (docs/operations.md, \"Archive\").")
  public String archiveRepository;

  @Option(
      names = "--force-merge",
      description =
          "After publishing, merge the run's indices to one segment (faster reads; takes a while on large runs).")
  public boolean forceMerge;

  @Option(
      names = "--merge-before-publish",
      description =
          "Force-merge before publishing, so the run's first requests read merged indices from the page cache (served later by the merge's time; docs/operations.md).")
  public boolean mergeBeforePublish;

  @Option(
      names = "--publish",
      defaultValue = "if-newer",
      converter = PublishConverter.class,
      paramLabel = "if-newer|always",
      description =
          "if-newer: a run older than the one its model serves is loaded and servable by run=, but the model"
              + " keeps serving the newer run, as the ingestion service does; always: publish it anyway (default: ${DEFAULT-VALUE}).")
  public PublishPolicy publish;

  @Option(
      names = "--yield-to",
      split = ",",
      paramLabel = "URL",
      description =
          "query services whose users the load yields to (http://host:port, comma-separated): their"
              + " /actuator/pressure read every second halves the bulks in flight while they are busy"
              + " (docs/operations.md, \"Loading yields to users\"); default: none, full pace.")
  public List<URI> yieldTo;

  /** What the load yields to, or null. */
  public PressureWatch pressureWatch() {
    if (yieldTo == null || yieldTo.isEmpty()) {
      return null;
    }
    try {
      return new PressureWatch(yieldTo, Duration.ofSeconds(1));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--yield-to: " + e.getMessage());
    }
  }

  public LoaderSettings loaderSettings() {
    if (senders < 1 || bulkDocs < 1 || (producers != null && producers < 1) || replicas < 0) {
      throw new IllegalArgumentException(
          "--producers, --senders and --bulk-docs must be >= 1, --replicas >= 0");
    }
    LoaderSettings defaults = LoaderSettings.defaults();
    return defaults
        .withThreads(producers == null ? defaults.producerThreads() : producers, senders)
        .withBulkDocuments(bulkDocs)
        .withReplicas(replicas);
  }

  public ShardingSpec sharding() {
    if (valueBits != ShardingSpec.EXACT_BITS && valueBits != ShardingSpec.SHORT_BITS) {
      throw new IllegalArgumentException(
          "--value-bits must be 32 (the values exactly) or 16 (packed as GRIB's simple packing), not "
              + valueBits);
    }
    return new ShardingSpec(
        levelsPerIndex,
        stepsPerIndex,
        shards,
        tileDegrees,
        routing,
        stepsPerDocument,
        valueBits,
        preloadValues,
        oneColumn);
  }

  /** A number of shards >= 1, or auto ({@link ShardingSpec#AUTO_SHARDS}: one per data node). */
  static final class ShardsConverter implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return wordOrNumber(
          value,
          "auto",
          ShardingSpec.AUTO_SHARDS,
          ShardingSpec.MAX_SHARDS,
          "is not auto or a number of shards in 1.." + ShardingSpec.MAX_SHARDS);
    }
  }

  /** A number of steps >= 1, or all (every step: the run keeps at most its own). */
  static final class StepsPerDocumentConverter implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return wordOrNumber(
          value,
          "all",
          ShardingSpec.ALL_STEPS,
          Integer.MAX_VALUE,
          "is not a number of steps per document: give a whole number >= 1 or all");
    }
  }

  /**
   * {@code word} (any case) as {@code wordValue}, or a whole number in 1..{@code max}; else one
   * line: the value, then {@code refusal}.
   */
  private static int wordOrNumber(
      String value, String word, int wordValue, int max, String refusal) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    if (v.equals(word)) {
      return wordValue;
    }
    try {
      int number = Integer.parseInt(v);
      if (number >= 1 && number <= max) {
        return number;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new picocli.CommandLine.TypeConversionException("'" + value + "' " + refusal);
  }

  /** if-newer | always, any case. */
  static final class PublishConverter implements ITypeConverter<PublishPolicy> {
    @Override
    public PublishPolicy convert(String value) {
      return switch (value.strip().toLowerCase(Locale.ROOT)) {
        case "if-newer" -> PublishPolicy.IF_NEWER;
        case "always" -> PublishPolicy.ALWAYS;
        default ->
            throw new picocli.CommandLine.TypeConversionException(
                "'" + value + "' is not a publish policy: give if-newer or always");
      };
    }
  }

  /** tile | document, any case. */
  static final class RoutingConverter implements ITypeConverter<ShardingSpec.Routing> {
    @Override
    public ShardingSpec.Routing convert(String value) {
      return ShardingSpec.Routing.valueOf(value.strip().toUpperCase(Locale.ROOT));
    }
  }
}
