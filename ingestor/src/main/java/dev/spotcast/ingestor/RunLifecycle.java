package dev.spotcast.ingestor;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.index.ForecastIndices;
import java.io.IOException;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What happens to a run after it is published (its replicas are set by {@link
 * ForecastIndices#finishLoading} before the count, with {@link LoaderSettings#replicas()}): its
 * indices merged to one segment (a finished run is never written again), and only the last
 * {@code keepRuns} runs of the model kept ({@link RunRetention}). Shared by the CLI loader ({@link
 * RunLoader#withLifecycle}) and the ingestion service ({@code spotcast.ingest.lifecycle.*}).
 *
 * @param keepRuns runs of a model kept after publishing, the published one included; 0 keeps all
 * @param forceMerge merge the published run's indices to one segment
 */
@ConfigurationProperties("spotcast.ingest.lifecycle")
public record RunLifecycle(@DefaultValue("0") int keepRuns, @DefaultValue("false") boolean forceMerge) {

  public RunLifecycle {
    if (keepRuns < 0) {
      throw new IllegalArgumentException("keep-runs must be >= 0 (0 keeps every run), got " + keepRuns);
    }
  }

  /** Keeps every run and merges nothing. */
  public static RunLifecycle none() {
    return new RunLifecycle(0, false);
  }

  /**
   * Deletes the model's runs older than the published one beyond the {@code keepRuns} newest.
   *
   * @return the run ids retired, oldest first; none when every run is kept
   */
  public List<String> retire(ElasticsearchClient client, String model, String publishedRunId) throws IOException {
    return keepRuns > 0 ? new RunRetention(client).retire(model, publishedRunId, keepRuns) : List.of();
  }

  /** Merges the published run's indices if so configured (blocks until Elasticsearch has merged them). */
  public void forceMerge(ElasticsearchClient client, List<String> runIndices) throws IOException {
    if (forceMerge) {
      new ForecastIndices(client).forceMerge(runIndices);
    }
  }

  /** Both, as the CLI does after publishing: merge first, then retire older runs. */
  public List<String> afterPublish(ElasticsearchClient client, String model, String runId, List<String> runIndices)
      throws IOException {
    forceMerge(client, runIndices);
    return retire(client, model, runId);
  }
}
