package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import com.fasterxml.jackson.databind.JsonNode;
import dev.spotcast.ingest.Fixtures;
import dev.spotcast.ingest.IngestorInstance;
import dev.spotcast.ingest.job.Chunk;
import dev.spotcast.ingest.job.ChunkState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.Versioned;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A chunk held by an instance that died without letting go (killed: its heartbeat just stops) is
 * skipped by the others while its heartbeat is fresh, then re-queued by the watchdog once stale and
 * loaded, so the run still ends exact; RUNNING leftovers of ended jobs do not get in its way.
 */
class WatchdogIT {

  /** A job that no longer exists, and more of its chunks than the watchdog's page of 500. */
  private static final String GHOST_JOB = "watchdog-it-ended-job";

  private static final int LEFTOVERS = 600;

  @Test
  void aDeadOwnersChunkIsRequeuedOnceStaleAndTheRunEndsExact() throws Exception {
    Map<String, Object> fleet = IngestorInstance.fleet(Fixtures.prefix("watchdog"));
    fleet.put("spotcast.jobs.stale-after", "20s");
    Map<String, Object> apiOnly = IngestorInstance.withoutWorkers(fleet);
    String model = Fixtures.model("watched");
    // 37 x 72 points x 2 levels, both steps in one document each (the default layout).
    long expected = 37L * 72 * 2;
    JobStore store = new JobStore(Fixtures.client());
    try (IngestorInstance api = IngestorInstance.start("watch-api", apiOnly)) {
      // Leftovers of ended jobs, written before this job's chunks (so they come first in the
      // index):
      // more RUNNING chunks of killed owners than the watchdog reads in one page. They must not
      // hide
      // this job's stale chunk from it.
      List<Chunk> leftovers = new ArrayList<>();
      Instant longAgo = Instant.now().minus(Duration.ofHours(1));
      for (int n = 0; n < LEFTOVERS; n++) {
        leftovers.add(Chunk.todo(GHOST_JOB, n, List.of(), longAgo).claimed("long-gone", longAgo));
      }
      store.ensureIndex();
      store.putChunks(leftovers);
      var accepted =
          api.post(
              "/v1/ingestions",
              Fixtures.synthetic(model, "2026-05-01T00:00:00Z", 5, "0, 1000", "0, 1"));
      assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
      String id = IngestorInstance.JSON.readTree(accepted.body()).path("id").asText();
      // A "killed" instance claimed chunk 0 and beat just now; its heartbeat will not come again.
      Versioned<Chunk> chunk0 = store.chunk(id, 0).orElseThrow();
      store
          .update(chunk0, chunk0.value().claimed("killed-instance", Instant.now()), true)
          .orElseThrow();

      try (IngestorInstance worker = IngestorInstance.start("watch-worker", fleet)) {
        JsonNode job = worker.awaitEnded(id, Duration.ofMinutes(2));

        assertThat(job.path("state").asText()).as(job.toPrettyString()).isEqualTo("PUBLISHED");
        assertThat(job.path("countedDocuments").asLong()).isEqualTo(expected);
        assertThat(Fixtures.servedCount(model)).isEqualTo(expected);
        Chunk redone = store.chunk(id, 0).orElseThrow().value();
        assertThat(redone.state()).isEqualTo(ChunkState.DONE);
        assertThat(redone.owner()).isEqualTo("watch-worker");
        assertThat(redone.attempt()).isEqualTo(2);
        // Either instance's watchdog may have re-queued it; exactly one did.
        String metrics =
            worker.get("/actuator/prometheus").body() + api.get("/actuator/prometheus").body();
        assertThat(metrics)
            .containsPattern(
                "spotcast_ingest_chunks_requeued_total\\{[^}]*cause=\"stale\"[^}]*} 1.0")
            .doesNotContainPattern(
                "spotcast_ingest_chunks_requeued_total\\{[^}]*cause=\"stale\"[^}]*} 2.0");
        // The leftovers were left alone.
        assertThat(store.chunks(GHOST_JOB))
            .hasSize(LEFTOVERS)
            .allSatisfy(c -> assertThat(c.state()).isEqualTo(ChunkState.RUNNING));
      }
    } finally {
      List<BulkOperation> deletes = new ArrayList<>();
      for (int n = 0; n < LEFTOVERS; n++) {
        String chunkId = Chunk.idOf(GHOST_JOB, n);
        deletes.add(BulkOperation.of(o -> o.delete(d -> d.index(JobStore.INDEX).id(chunkId))));
      }
      Fixtures.client().bulk(b -> b.refresh(Refresh.True).operations(deletes));
    }
  }
}
