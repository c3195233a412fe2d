package dev.spotcast.ingestor.lifecycle;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What happens to a run once it is published: its indices merged to one segment (a finished run is
 * never written again), and only the last {@code keepRuns} runs of the model kept ({@link
 * RunRetention}). Set by the CLI's {@code --keep-runs}/{@code --force-merge} and by the ingestion
 * service's {@code spotcast.ingest.lifecycle.*}; applied by {@link RunLifecycle#publish} and {@link
 * RunLifecycle#forceMerge}.
 *
 * @param keepRuns runs of a model kept after publishing, the published one included; 0 keeps all
 * @param forceMerge merge the published run's indices to one segment
 * @param archiveRepository the Elasticsearch snapshot repository that runs past {@code keepRuns}
 *     are moved to ({@link RunArchive}) instead of being deleted; null or blank: deleted
 * @param mergeBeforePublish merge (implies {@code forceMerge}) before the run is published rather
 *     than after. The run is served later by the merge's time, but its first requests read one
 *     segment per shard, from the page cache the merge has just written, instead of the load's many
 *     segments while the merge rewrites them (docs/operations.md, "Runs larger than memory")
 */
@ConfigurationProperties("spotcast.ingest.lifecycle")
public record AfterPublish(
    @DefaultValue("0") int keepRuns,
    @DefaultValue("false") boolean forceMerge,
    String archiveRepository,
    @DefaultValue("false") boolean mergeBeforePublish) {

  @ConstructorBinding
  public AfterPublish {
    if (keepRuns < 0) {
      throw new IllegalArgumentException(
          "keep-runs must be >= 0 (0 keeps every run), got " + keepRuns);
    }
    forceMerge |= mergeBeforePublish;
    archiveRepository =
        archiveRepository == null || archiveRepository.isBlank() ? null : archiveRepository.strip();
  }

  /** Runs past {@code keepRuns} deleted, not archived. */
  public AfterPublish(int keepRuns, boolean forceMerge) {
    this(keepRuns, forceMerge, null);
  }

  /** Merged, if at all, after publishing. */
  public AfterPublish(int keepRuns, boolean forceMerge, String archiveRepository) {
    this(keepRuns, forceMerge, archiveRepository, false);
  }

  /** Keeps every run and merges nothing. */
  public static AfterPublish none() {
    return new AfterPublish(0, false);
  }
}
