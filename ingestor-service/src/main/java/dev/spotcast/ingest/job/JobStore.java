package dev.spotcast.ingest.job;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.OpType;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.aggregations.StringTermsBucket;
import co.elastic.clients.elasticsearch._types.mapping.DynamicMapping;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.GetResponse;
import co.elastic.clients.elasticsearch.core.IndexResponse;
import co.elastic.clients.elasticsearch.core.SearchRequest;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.search.Hit;
import dev.spotcast.elasticsearch.Indices;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Jobs, their chunks, the run locks and the feeds' runs, in one small index ({@value #INDEX}, one
 * shard). Every change of state goes through {@link #update}, which writes only if the document is
 * still the version that was read; a lost race comes back empty and the caller reads again and
 * decides anew.
 */
public final class JobStore {

  public static final String INDEX = "spotcast-jobs";

  private final ElasticsearchClient client;

  public JobStore(ElasticsearchClient client) {
    this.client = client;
  }

  public ElasticsearchClient client() {
    return client;
  }

  /** Creates the index unless it exists; several instances may race here, which is harmless. */
  public void ensureIndex() throws IOException {
    Indices.createIfAbsent(
        client,
        c ->
            c.index(INDEX)
                // One shard: a refresh after a chunk's update makes it visible to the next count at
                // once.
                .settings(s -> s.numberOfShards("1").autoExpandReplicas("0-1"))
                .mappings(
                    m ->
                        m.dynamic(DynamicMapping.False)
                            .properties("type", p -> p.keyword(k -> k))
                            .properties("id", p -> p.keyword(k -> k))
                            .properties("jobId", p -> p.keyword(k -> k))
                            .properties("state", p -> p.keyword(k -> k))
                            .properties("trigger", p -> p.keyword(k -> k))
                            .properties("model", p -> p.keyword(k -> k))
                            .properties("runId", p -> p.keyword(k -> k))
                            .properties("owner", p -> p.keyword(k -> k))
                            .properties("finisher", p -> p.keyword(k -> k))
                            .properties("reason", p -> p.keyword(k -> k.ignoreAbove(512)))
                            .properties("number", p -> p.integer(i -> i))
                            .properties("attempt", p -> p.integer(i -> i))
                            .properties("expectedDocuments", p -> p.long_(l -> l))
                            .properties("produced", p -> p.long_(l -> l))
                            .properties("indexed", p -> p.long_(l -> l))
                            .properties("failed", p -> p.long_(l -> l))
                            .properties("heartbeat", p -> p.date(d -> d))
                            .properties("queuedAt", p -> p.date(d -> d))
                            .properties("createdAt", p -> p.date(d -> d))
                            .properties("finishingAt", p -> p.date(d -> d))
                            .properties("finishedAt", p -> p.date(d -> d))
                            .properties("spec", p -> p.object(o -> o.enabled(false)))
                            .properties("slices", p -> p.object(o -> o.enabled(false)))));
    // Fields added since the index may have been created by an older version (adding a field is
    // allowed).
    client
        .indices()
        .putMapping(
            m ->
                m.index(INDEX)
                    .properties("queuedAt", p -> p.date(d -> d))
                    .properties("finishedAt", p -> p.date(d -> d)));
  }

  /** Stores a new document; false if one with this id exists already. */
  public boolean create(String id, Object document) throws IOException {
    try {
      client.index(
          i ->
              i.index(INDEX).id(id).document(document).opType(OpType.Create).refresh(Refresh.True));
      return true;
    } catch (ElasticsearchException e) {
      if (e.status() == 409) {
        return false;
      }
      throw e;
    }
  }

  public Optional<Versioned<Job>> job(String id) throws IOException {
    return get(id, Job.class);
  }

  public Optional<Versioned<Chunk>> chunk(String jobId, int number) throws IOException {
    return get(Chunk.idOf(jobId, number), Chunk.class);
  }

  public Optional<Versioned<RunLock>> lock(String model, String runId) throws IOException {
    return get(RunLock.idOf(model, runId), RunLock.class);
  }

  public Optional<Versioned<FeedRun>> feedRun(String feed, String runId) throws IOException {
    return get(FeedRun.idOf(feed, runId), FeedRun.class);
  }

  private <T> Optional<Versioned<T>> get(String id, Class<T> type) throws IOException {
    GetResponse<T> response = client.get(g -> g.index(INDEX).id(id), type);
    if (!response.found() || response.source() == null) {
      return Optional.empty();
    }
    return Optional.of(
        new Versioned<>(response.source(), response.seqNo(), response.primaryTerm()));
  }

  /**
   * Replaces a document if it is still the version read; empty when another writer came first.
   *
   * @param refresh make the change visible to searches before returning (needed where a count that
   *     follows must see it)
   */
  public <T> Optional<Versioned<T>> update(String id, Versioned<?> read, T next, boolean refresh)
      throws IOException {
    try {
      IndexResponse response =
          client.index(
              i ->
                  i.index(INDEX)
                      .id(id)
                      .document(next)
                      .ifSeqNo(read.seqNo())
                      .ifPrimaryTerm(read.primaryTerm())
                      .refresh(refresh ? Refresh.True : Refresh.False));
      return Optional.of(new Versioned<>(next, response.seqNo(), response.primaryTerm()));
    } catch (ElasticsearchException e) {
      if (e.status() == 409) {
        return Optional.empty();
      }
      throw e;
    }
  }

  public Optional<Versioned<Job>> update(Versioned<Job> read, Job next) throws IOException {
    return update(next.id(), read, next, true);
  }

  public Optional<Versioned<Chunk>> update(Versioned<Chunk> read, Chunk next, boolean refresh)
      throws IOException {
    return update(next.id(), read, next, refresh);
  }

  /** Stores a job's chunks, all at once, visible to searches when this returns. */
  public void putChunks(List<Chunk> chunks) throws IOException {
    int batch = 500;
    for (int from = 0; from < chunks.size(); from += batch) {
      List<BulkOperation> operations = new ArrayList<>();
      for (Chunk chunk : chunks.subList(from, Math.min(chunks.size(), from + batch))) {
        operations.add(BulkOperation.of(o -> o.index(i -> i.id(chunk.id()).document(chunk))));
      }
      BulkResponse response =
          client.bulk(b -> b.index(INDEX).refresh(Refresh.True).operations(operations));
      if (response.errors()) {
        String first =
            response.items().stream()
                .filter(item -> item.error() != null)
                .map(item -> item.id() + ": " + item.error().reason())
                .findFirst()
                .orElse("?");
        throw new IOException("storing the chunks failed: " + first);
      }
    }
  }

  /** Makes every change so far visible to the searches that follow. */
  public void refresh() throws IOException {
    client.indices().refresh(r -> r.index(INDEX));
  }

  /** Chunks of the job not yet DONE, as of the last refresh. */
  public long unfinishedChunks(String jobId) throws IOException {
    return count(chunksOf(jobId, not(inState(ChunkState.DONE))));
  }

  /** RUNNING chunks of these jobs whose owner has not beaten since {@code before}. */
  public List<Versioned<Chunk>> staleChunks(List<String> jobIds, Instant before, int max)
      throws IOException {
    return chunksOlderThan(jobIds, ChunkState.RUNNING, "heartbeat", before, max);
  }

  /**
   * TODO chunks of these jobs put on the work topic before {@code before}: their message was lost,
   * or is still waiting behind many others.
   */
  public List<Versioned<Chunk>> waitingChunks(List<String> jobIds, Instant before, int max)
      throws IOException {
    return chunksOlderThan(jobIds, ChunkState.TODO, "queuedAt", before, max);
  }

  /**
   * Chunks of the job a worker may claim, lowest number first: TODO ones, and RUNNING ones whose
   * owner has not beaten since {@code silentSince} (it died). As of the last refresh: a claim made
   * since may not show yet, so the caller reads each again before claiming it.
   */
  public List<Versioned<Chunk>> claimableChunks(String jobId, Instant silentSince, int max)
      throws IOException {
    Query silent =
        Query.of(
            q ->
                q.bool(
                    b ->
                        b.filter(
                            inState(ChunkState.RUNNING), olderThan("heartbeat", silentSince))));
    Query claimable =
        Query.of(
            q -> q.bool(b -> b.should(inState(ChunkState.TODO), silent).minimumShouldMatch("1")));
    return search(
        chunksOf(jobId, claimable),
        max,
        Chunk.class,
        s -> s.sort(o -> o.field(f -> f.field("number").order(SortOrder.Asc))));
  }

  /** How many chunks of the job are still to load (TODO or RUNNING), as of the last refresh. */
  public long chunksLeft(String jobId) throws IOException {
    return count(chunksOf(jobId, inAnyState(List.of(ChunkState.TODO, ChunkState.RUNNING))));
  }

  /** How many chunks of these jobs are in this state, as of the last refresh. */
  public long chunksIn(List<String> jobIds, ChunkState state) throws IOException {
    return count(chunksOf(jobIds, inState(state)));
  }

  /** Chunks of these jobs in this state whose {@code field} is before {@code before}. */
  private List<Versioned<Chunk>> chunksOlderThan(
      List<String> jobIds, ChunkState state, String field, Instant before, int max)
      throws IOException {
    return search(chunksOf(jobIds, inState(state), olderThan(field, before)), max, Chunk.class);
  }

  /**
   * RUNNING chunks of the job whose owner has beaten since {@code since}: they may still be
   * writing.
   */
  public long liveChunks(String jobId, Instant since) throws IOException {
    return count(chunksOf(jobId, inState(ChunkState.RUNNING), notOlderThan("heartbeat", since)));
  }

  /** Jobs that ended in one of these states since {@code since}. */
  public List<Versioned<Job>> endedSince(List<JobState> states, Instant since, int max)
      throws IOException {
    return search(
        where(Job.TYPE, inAnyState(states), notOlderThan("finishedAt", since)), max, Job.class);
  }

  /** Jobs in one of these states. */
  public List<Versioned<Job>> jobs(List<JobState> states, int max) throws IOException {
    return search(where(Job.TYPE, inAnyState(states)), max, Job.class);
  }

  /** The newest jobs, newest first, in any state; none before the first job made the index. */
  public List<Versioned<Job>> recent(int max) throws IOException {
    SearchResponse<Job> response =
        client.search(
            s ->
                s.index(INDEX)
                    .ignoreUnavailable(true)
                    .allowNoIndices(true)
                    .size(max)
                    .seqNoPrimaryTerm(true)
                    .query(where(Job.TYPE))
                    .sort(o -> o.field(f -> f.field("createdAt").order(SortOrder.Desc))),
            Job.class);
    return versioned(response);
  }

  /**
   * Every chunk of a job, in no particular order (for tests and diagnostics; jobs have at most
   * thousands).
   */
  public List<Chunk> chunks(String jobId) throws IOException {
    return search(chunksOf(jobId), 10_000, Chunk.class).stream().map(Versioned::value).toList();
  }

  // The store's queries, built from these few filters: documents of a type (jobs or chunks) that
  // match every filter given.

  private static Query chunksOf(String jobId, Query... filters) {
    return where(Chunk.TYPE, is("jobId", jobId), filters);
  }

  private static Query chunksOf(List<String> jobIds, Query... filters) {
    return where(Chunk.TYPE, isAny("jobId", jobIds), filters);
  }

  private static Query where(String type, Query... filters) {
    List<Query> all = new ArrayList<>();
    all.add(is("type", type));
    all.addAll(List.of(filters));
    return Query.of(q -> q.bool(b -> b.filter(all)));
  }

  private static Query where(String type, Query first, Query[] more) {
    Query[] filters = new Query[more.length + 1];
    filters[0] = first;
    System.arraycopy(more, 0, filters, 1, more.length);
    return where(type, filters);
  }

  private static Query inState(Enum<?> state) {
    return is("state", state.name());
  }

  private static Query inAnyState(List<? extends Enum<?>> states) {
    return isAny("state", states.stream().map(Enum::name).toList());
  }

  private static Query is(String field, String value) {
    return Query.of(q -> q.term(t -> t.field(field).value(value)));
  }

  private static Query isAny(String field, List<String> values) {
    List<FieldValue> terms = values.stream().map(FieldValue::of).toList();
    return Query.of(q -> q.terms(t -> t.field(field).terms(v -> v.value(terms))));
  }

  private static Query olderThan(String field, Instant instant) {
    return Query.of(q -> q.range(r -> r.date(d -> d.field(field).lt(instant.toString()))));
  }

  private static Query notOlderThan(String field, Instant instant) {
    return Query.of(q -> q.range(r -> r.date(d -> d.field(field).gte(instant.toString()))));
  }

  private static Query not(Query query) {
    return Query.of(q -> q.bool(b -> b.mustNot(query)));
  }

  private long count(Query query) throws IOException {
    return client.count(c -> c.index(INDEX).query(query)).count();
  }

  private <T> List<Versioned<T>> search(Query query, int max, Class<T> type) throws IOException {
    return search(query, max, type, s -> s);
  }

  /** As above, with more of the request (its order) set by {@code more}. */
  private <T> List<Versioned<T>> search(
      Query query, int max, Class<T> type, UnaryOperator<SearchRequest.Builder> more)
      throws IOException {
    return versioned(
        client.search(
            s -> more.apply(s.index(INDEX).size(max).seqNoPrimaryTerm(true).query(query)), type));
  }

  private static <T> List<Versioned<T>> versioned(SearchResponse<T> response) {
    List<Versioned<T>> found = new ArrayList<>();
    for (Hit<T> hit : response.hits().hits()) {
      if (hit.source() != null && hit.seqNo() != null && hit.primaryTerm() != null) {
        found.add(new Versioned<>(hit.source(), hit.seqNo(), hit.primaryTerm()));
      }
    }
    return found;
  }

  /**
   * Per state: how many chunks, and how many documents their last attempts indexed; plus who did
   * the done ones.
   */
  public ChunkSummary summary(String jobId) throws IOException {
    SearchResponse<Void> response =
        client.search(
            s ->
                s.index(INDEX)
                    .size(0)
                    .query(chunksOf(jobId))
                    .aggregations(
                        "states",
                        a ->
                            a.terms(t -> t.field("state").size(10))
                                .aggregations("indexed", sub -> sub.sum(m -> m.field("indexed")))
                                .aggregations("failed", sub -> sub.sum(m -> m.field("failed")))
                                .aggregations(
                                    "owners", sub -> sub.terms(t -> t.field("owner").size(100)))
                                .aggregations(
                                    "reasons", sub -> sub.terms(t -> t.field("reason").size(10))))
                    // A chunk claimed k times was retried k - 1 times: retries = all claims -
                    // chunks claimed at all.
                    .aggregations("claims", a -> a.sum(m -> m.field("attempt")))
                    .aggregations(
                        "claimed",
                        a ->
                            a.filter(
                                f -> f.range(r -> r.number(n -> n.field("attempt").gte(1.0))))),
            Void.class);
    Map<ChunkState, Long> chunks = new LinkedHashMap<>();
    Map<String, Long> doneBy = new LinkedHashMap<>();
    List<String> reasons = new ArrayList<>();
    long indexed = 0;
    long failed = 0;
    long indexedRunning = 0;
    for (StringTermsBucket bucket :
        response.aggregations().get("states").sterms().buckets().array()) {
      ChunkState state = ChunkState.valueOf(bucket.key().stringValue());
      chunks.put(state, bucket.docCount());
      if (state == ChunkState.DONE) {
        indexed = Math.round(bucket.aggregations().get("indexed").sum().value());
        failed = Math.round(bucket.aggregations().get("failed").sum().value());
        for (StringTermsBucket owner :
            bucket.aggregations().get("owners").sterms().buckets().array()) {
          doneBy.put(owner.key().stringValue(), owner.docCount());
        }
      }
      if (state == ChunkState.RUNNING) {
        indexedRunning = Math.round(bucket.aggregations().get("indexed").sum().value());
      }
      if (state == ChunkState.FAILED || state == ChunkState.TODO) {
        for (StringTermsBucket reason :
            bucket.aggregations().get("reasons").sterms().buckets().array()) {
          reasons.add(reason.key().stringValue());
        }
      }
    }
    long claims = Math.round(response.aggregations().get("claims").sum().value());
    long retries = Math.max(0, claims - response.aggregations().get("claimed").filter().docCount());
    return new ChunkSummary(chunks, indexed, failed, indexedRunning, doneBy, reasons, retries);
  }

  /**
   * @param chunks chunks per state
   * @param indexedDocuments documents indexed by the DONE chunks
   * @param failedDocuments documents the DONE chunks had refused (only when publishing with
   *     failures)
   * @param runningIndexedDocuments documents acknowledged so far in the RUNNING chunks, as of their
   *     last heartbeat
   * @param doneBy DONE chunks per instance
   * @param reasons why chunks failed or were put back (the most frequent first)
   * @param retries chunk attempts beyond each chunk's first (a chunk put back, or taken over from a
   *     dead owner)
   */
  public record ChunkSummary(
      Map<ChunkState, Long> chunks,
      long indexedDocuments,
      long failedDocuments,
      long runningIndexedDocuments,
      Map<String, Long> doneBy,
      List<String> reasons,
      long retries) {

    public long count(ChunkState state) {
      return chunks.getOrDefault(state, 0L);
    }
  }
}
