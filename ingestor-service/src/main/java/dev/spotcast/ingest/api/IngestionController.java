package dev.spotcast.ingest.api;

import dev.spotcast.ingest.job.InvalidJobException;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobNotFoundException;
import dev.spotcast.ingest.job.JobSpec;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.Trigger;
import dev.spotcast.ingest.job.Versioned;
import dev.spotcast.ingest.work.DeadLetterIndex;
import dev.spotcast.ingest.work.JobFinisher;
import dev.spotcast.ingest.work.JobService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.IOException;
import java.net.URI;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** Ingestion jobs over HTTP: start one, follow it, cancel it. Any instance answers for any job. */
@RestController
@RequestMapping("/v1/ingestions")
@Tag(name = "ingestions")
public class IngestionController {

  private static final Logger log = LoggerFactory.getLogger(IngestionController.class);

  private final JobService jobs;
  private final JobStore store;
  private final JobFinisher finisher;
  private final DeadLetterIndex deadLetters;

  public IngestionController(
      JobService jobs, JobStore store, JobFinisher finisher, DeadLetterIndex deadLetters) {
    this.jobs = jobs;
    this.store = store;
    this.finisher = finisher;
    this.deadLetters = deadLetters;
  }

  @PostMapping
  @Operation(
      summary = "Load a run",
      description =
          "Accepts the job (202) once its chunks are queued; follow it at the Location. 400 for a bad"
              + " spec or unreadable files, 409 if the run is already published or being loaded.")
  public ResponseEntity<JobView> submit(@RequestBody JobSpec spec, Principal caller)
      throws IOException {
    Job job = jobs.submit(spec, Trigger.REST, null);
    log.info(
        "job {} (run {} of {}) submitted with API key {}",
        job.id(),
        job.runId(),
        job.model(),
        name(caller));
    URI location =
        ServletUriComponentsBuilder.fromCurrentRequest()
            .path("/{id}")
            .buildAndExpand(job.id())
            .toUri();
    return ResponseEntity.accepted().location(location).body(view(job));
  }

  @GetMapping
  @Operation(
      summary = "The newest jobs, newest first",
      description =
          "Each as GET /v1/ingestions/{id} shows it (state, progress, rate, ETA, chunks by state and by"
              + " instance, retries, dead letters). limit: how many (1..100, default 20).")
  public List<JobView> recent(
      @Parameter(description = "how many jobs (1..100)")
          @RequestParam(name = "limit", defaultValue = "20")
          int limit)
      throws IOException {
    if (limit < 1 || limit > 100) {
      throw new InvalidJobException("limit must be between 1 and 100, not " + limit);
    }
    List<JobView> views = new ArrayList<>();
    for (Versioned<Job> job : store.recent(limit)) {
      views.add(view(job.value()));
    }
    return views;
  }

  @GetMapping("/{id}")
  @Operation(summary = "A job's state, progress, rate, ETA and errors")
  public JobView get(@PathVariable String id) throws IOException {
    Versioned<Job> job = store.job(id).orElseThrow(() -> new JobNotFoundException(id));
    return view(job.value());
  }

  @DeleteMapping("/{id}")
  @Operation(
      summary = "Cancel a job",
      description =
          "The run will not be published; the model keeps serving its previous run. 409 once the job has"
              + " ended or its publishing has begun.")
  public JobView cancel(@PathVariable String id, Principal caller) throws IOException {
    JobView cancelled = view(finisher.cancel(id, "cancelled through the API by " + name(caller)));
    log.info("job {} cancelled with API key {}", id, name(caller));
    return cancelled;
  }

  /** The name of the API key a request came with (never the key), for the audit trail. */
  private static String name(Principal caller) {
    return caller == null ? "(none)" : caller.getName();
  }

  private JobView view(Job job) throws IOException {
    return JobView.of(job, store.summary(job.id()), deadLetters.count(job.id()));
  }
}
