package dev.spotcast.query.search;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.transport.rest5_client.Rest5ClientTransport;
import co.elastic.clients.transport.rest5_client.low_level.Response;
import co.elastic.clients.transport.rest5_client.low_level.Rest5Client;
import dev.spotcast.model.ForecastRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * Sends searches to Elasticsearch and reads their hits: through the guard (bulkhead, retry, circuit
 * breaker, time limit), on the Java client's own low-level REST client (its connection pool,
 * credential, TLS and node failover), as the bytes {@link SearchWire} writes. The client's futures
 * let the time limiter give up on a call without a thread per call.
 */
final class SearchCalls {

  private final Rest5Client rest;
  private final ElasticsearchGuard guard;

  SearchCalls(ElasticsearchClient client, ElasticsearchGuard guard) {
    this.rest = ((Rest5ClientTransport) client._transport()).restClient();
    this.guard = guard;
  }

  /**
   * The hits of a plan, every search's in order; with {@code points} (the ids path), each hit with
   * its distance from the points the grid gave.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot answer (or the circuit is open)
   * @throws SearchSaturatedException when too many requests already wait for Elasticsearch
   */
  List<ForecastHit> hits(SearchPlan plan, GridNeighbours.Nearest points) {
    return guard.read(
        () -> SearchWire.send(rest, plan.request()),
        (Response response) -> {
          List<List<ForecastHit>> perSearch = SearchWire.read(response, plan.searches());
          if (perSearch.size() == 1 && points == null) {
            return perSearch.getFirst();
          }
          List<ForecastHit> hits = new ArrayList<>();
          for (List<ForecastHit> found : perSearch) {
            for (ForecastHit hit : found) {
              hits.add(points == null ? hit : hit.withSortDistance(points.distanceOf(hit.point())));
            }
          }
          return hits;
        });
  }

  /** Per query of a batch, its hits, from one multi-search (none when the batch has no search). */
  List<List<ForecastHit>> hits(SearchPlans.Batch batch) {
    if (batch.searches().isEmpty()) {
      return batch.none();
    }
    SearchWire.Request request = SearchWire.request(batch.searches());
    return guard.read(
        () -> SearchWire.send(rest, request),
        (Response response) -> batch.split(SearchWire.read(response, batch.searches())));
  }

  /**
   * A page of the documents of one level and step of an index, in grid point order; not guarded
   * ({@link NeighbourSearch#page}).
   */
  List<ForecastHit> page(
      ForecastRun run,
      String index,
      int axis,
      double level,
      int step,
      List<String> parameters,
      int size,
      int afterPoint) {
    StepBlocksRead blocks = StepBlocksRead.of(run);
    List<OneSearch> search =
        List.of(
            new OneSearch(
                index,
                null,
                new SearchWire.Page(level, StepBlocksRead.documentStep(run, step), afterPoint),
                size,
                ForecastHit.fields(parameters, false),
                axis,
                blocks == null ? null : blocks.keeping(Set.of(step))));
    return unguarded(search).getFirst();
  }

  /**
   * The hits of some searches, every search's apart, from one search or multi-search; not guarded:
   * the reads of background work (a run's pages, a switch's warm-up), which no request waits on.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot answer
   */
  List<List<ForecastHit>> unguarded(List<OneSearch> searches) {
    return unguarded(searches, SearchWire.request(searches));
  }

  /**
   * {@link #unguarded(List)}, read a search and a shard at a time ({@link
   * SearchWire.Request#oneAtATime}): for background reads while users are served.
   */
  List<List<ForecastHit>> yielding(List<OneSearch> searches) {
    return unguarded(searches, SearchWire.request(searches).oneAtATime());
  }

  private List<List<ForecastHit>> unguarded(List<OneSearch> searches, SearchWire.Request request) {
    try {
      return SearchWire.read(SearchWire.send(rest, request).get(), searches);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SearchUnavailableException(
          "interrupted while reading " + searches.getFirst().index(), e);
    } catch (ExecutionException e) {
      throw ElasticsearchGuard.translate(e.getCause());
    }
  }
}
