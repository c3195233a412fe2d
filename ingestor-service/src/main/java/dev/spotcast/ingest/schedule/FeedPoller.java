package dev.spotcast.ingest.schedule;

import dev.spotcast.index.RunCatalog;
import dev.spotcast.index.RunRecord;
import dev.spotcast.ingest.job.DataRoots;
import dev.spotcast.ingest.job.FeedRun;
import dev.spotcast.ingest.job.InvalidJobException;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobConflictException;
import dev.spotcast.ingest.job.JobSpec;
import dev.spotcast.ingest.job.JobState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.RunLock;
import dev.spotcast.ingest.job.Trigger;
import dev.spotcast.ingest.job.Versioned;
import dev.spotcast.ingest.settings.FeedProperties;
import dev.spotcast.ingest.settings.FeedProperties.Feed;
import dev.spotcast.ingest.settings.JobProperties;
import dev.spotcast.ingest.work.JobService;
import dev.spotcast.ingestor.feed.FetchProgress;
import dev.spotcast.ingestor.feed.FetchReport;
import dev.spotcast.ingestor.feed.FetchStats;
import dev.spotcast.ingestor.feed.HttpFetcher;
import dev.spotcast.ingestor.feed.RunFetcher;
import dev.spotcast.ingestor.feed.RunTimes;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;

/**
 * Keeps each configured feed's model current from its publisher. Every {@code
 * spotcast.feed-poll.interval}, for each feed: the newest cycle whose run is due ({@code
 * expected-after} past it); if the model does not serve it yet, the instance that takes the run's
 * {@link RunLock} fetches what of it is published into the feed's folder ({@link RunFetcher}:
 * resumable, a checked field is never downloaded twice), beating the lock meanwhile; once every
 * wanted field is there it submits the folder as a job (the path of every other job: chunks over
 * Kafka, every instance loading, published only when complete). A run still incomplete at its
 * deadline is given up (FAILED, counted, not published) and the model keeps serving what it has.
 * The run's state is shared by the fleet ({@link FeedRun}), so any instance answers {@code GET
 * /v1/feeds}. Polls run on a thread of their own, never on the scheduler shared with the watchdog.
 */
@Component
public class FeedPoller {

  private static final Logger log = LoggerFactory.getLogger(FeedPoller.class);

  private final Map<String, Feed> feeds;
  private final Duration interval;
  private final FeedProperties.Poll clock;
  private final Instant startedAt = Instant.now();
  private final JobService jobs;
  private final JobStore store;
  private final RunCatalog catalog;
  private final DataRoots roots;
  private final JobProperties jobProperties;
  private final FeedMetrics metrics;
  private final ScheduledExecutorService executor =
      Executors.newScheduledThreadPool(
          2,
          runnable -> {
            Thread thread = new Thread(runnable, "feed-poller");
            thread.setDaemon(true);
            return thread;
          });

  public FeedPoller(
      FeedProperties properties,
      FeedProperties.Poll poll,
      JobService jobs,
      JobStore store,
      DataRoots roots,
      JobProperties jobProperties,
      MeterRegistry registry) {
    this.feeds = properties.feeds();
    this.interval = poll.interval();
    this.clock = poll;
    this.jobs = jobs;
    this.store = store;
    this.catalog = new RunCatalog(store.client());
    this.roots = roots;
    this.jobProperties = jobProperties;
    this.metrics = new FeedMetrics(registry);
    if (!feeds.isEmpty() && roots.roots().isEmpty()) {
      throw new IllegalStateException(
          "spotcast.feeds needs a data root (spotcast.files.roots): the runs are fetched into it");
    }
    feeds.keySet().forEach(metrics::register);
  }

  /** Starts the polls once the service is up; none without a configured feed. */
  @EventListener(ApplicationReadyEvent.class)
  public void start() {
    if (feeds.isEmpty() || interval.isZero() || interval.isNegative()) {
      return;
    }
    log.info("feeds {}: polled every {}", feeds.keySet(), interval);
    if (clock.rehearsalStart() != null) {
      log.warn(
          "feeds on a rehearsal clock: {} at the start, {} times the wall clock's pace",
          clock.rehearsalStart(),
          clock.rehearsalSpeed());
    }
    executor.scheduleWithFixedDelay(this::tick, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @PreDestroy
  void stop() {
    executor.shutdownNow();
  }

  private void tick() {
    try {
      pollAll(clock.feedTime(startedAt, Instant.now()));
    } catch (RuntimeException e) {
      log.error("feed poll failed", e);
    }
  }

  /** Polls every enabled feed once, as of {@code now}. */
  public List<FeedStatus> pollAll(Instant now) {
    List<FeedStatus> statuses = new ArrayList<>();
    for (String name : feeds.keySet()) {
      try {
        statuses.add(poll(name, now));
      } catch (IOException | RuntimeException e) {
        log.error("feed {}: poll failed", name, e);
      }
    }
    return statuses;
  }

  /** Each configured feed as its last poll saw it. */
  public List<FeedStatus> statuses() {
    List<FeedStatus> statuses = new ArrayList<>();
    for (Map.Entry<String, Feed> entry : feeds.entrySet()) {
      FeedStatus last = metrics.last(entry.getKey());
      statuses.add(last != null ? last : idle(entry.getKey(), entry.getValue(), "not polled yet"));
    }
    return statuses;
  }

  private static FeedStatus idle(String name, Feed feed, String why) {
    return new FeedStatus(
        name,
        feed.publisher(),
        feed.modelOr(name),
        FeedStatus.State.IDLE,
        null,
        null,
        0,
        0,
        0,
        0,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        why,
        null);
  }

  /**
   * Polls one feed as of {@code now}: looks at its newest due run, fetches it if this instance
   * takes its lock, submits it when complete, gives it up past its deadline.
   *
   * @throws IllegalArgumentException for a name that is not a configured feed
   */
  public FeedStatus poll(String name, Instant now) throws IOException {
    Feed feed = feeds.get(name);
    if (feed == null) {
      throw new IllegalArgumentException("no feed '" + name + "' is configured");
    }
    if (!feed.enabled()) {
      FeedStatus paused = idle(name, feed, "paused (enabled: false)");
      metrics.polled(paused);
      return paused;
    }
    store.ensureIndex();
    FeedStatus status = look(name, feed, now);
    metrics.polled(status);
    if (status.state() == FeedStatus.State.WAITING_FOR_CYCLE) {
      log.debug(
          "feed {}: serves {}, next run expected {}",
          name,
          status.servedRun(),
          status.nextExpected());
    } else {
      log.info(
          "feed {}: run {} {} ({} of {} fields){}",
          name,
          status.run(),
          status.state(),
          status.fieldsDone(),
          status.fieldsWanted(),
          status.reason() == null ? "" : ": " + status.reason());
    }
    return status;
  }

  private FeedStatus look(String name, Feed feed, Instant now) throws IOException {
    String model = feed.modelOr(name);
    Optional<RunRecord> served = served(model);
    Instant run = newestDue(feed, now);
    Instant next = nextCycle(feed, run).plus(feed.expectedAfter());
    Status status = new Status(name, feed, model, served, run, next, now);
    if (served.isPresent() && !served.get().runTime().isBefore(run)) {
      return status.of(FeedStatus.State.WAITING_FOR_CYCLE, null, "the newest due run is served");
    }
    String runId = RunTimes.run(run);
    Optional<Versioned<FeedRun>> read = store.feedRun(name, runId);
    if (read.isEmpty()) {
      FeedRun fresh = FeedRun.started(name, model, runId, run, now);
      store.create(fresh.id(), fresh);
      read = store.feedRun(name, runId);
    }
    Versioned<FeedRun> current = read.orElseThrow();
    FeedRun state = current.value();
    switch (state.state()) {
      case PUBLISHED -> {
        return status.of(FeedStatus.State.PUBLISHED, state, null);
      }
      case FAILED -> {
        return status.of(FeedStatus.State.FAILED, state, state.reason());
      }
      case LOADING -> {
        Optional<Versioned<Job>> job = store.job(state.jobId());
        JobState jobState = job.map(j -> j.value().state()).orElse(JobState.FAILED);
        if (!jobState.terminal()) {
          return status.of(FeedStatus.State.LOADING, state, null);
        }
        if (jobState == JobState.PUBLISHED || jobState == JobState.LOADED) {
          FeedRun published = state.in(FeedRun.State.PUBLISHED, state.jobId(), null, now);
          store.update(state.id(), current, published, true);
          prune(name, feed, runId);
          return status.of(FeedStatus.State.PUBLISHED, published, null);
        }
        // The job failed or was cancelled: submitted again below while the deadline allows (its
        // fields are all checked on disk, none is fetched again).
      }
      case FETCHING -> {}
    }
    Instant deadline = run.plus(feed.deadline());
    if (!now.isBefore(deadline)) {
      String why =
          String.format(
              "missed its deadline %s: %d of %d wanted fields were published and fetched",
              deadline, state.fieldsDone(), state.fieldsWanted());
      return giveUp(status, current, why, now);
    }
    LockAttempt lock = takeLock(model, runId);
    if (lock.mine() == null) {
      return status.of(FeedStatus.State.FETCHING, state, lock.holder());
    }
    return fetch(status, feed, current, lock.mine(), now);
  }

  /** What a poll saw, to make the feed's status from. */
  private record Status(
      String name,
      Feed feed,
      String model,
      Optional<RunRecord> served,
      Instant run,
      Instant next,
      Instant now) {

    FeedStatus of(FeedStatus.State state, FeedRun feedRun, String reason) {
      RunRecord record = served.orElse(null);
      boolean upToDate = state == FeedStatus.State.WAITING_FOR_CYCLE;
      return new FeedStatus(
          name,
          feed.publisher(),
          model,
          state,
          upToDate ? null : RunTimes.run(run),
          upToDate ? null : run,
          feedRun == null ? 0 : feedRun.fieldsWanted(),
          feedRun == null ? 0 : feedRun.fieldsDone(),
          feedRun == null ? 0 : feedRun.bytes(),
          feedRun == null ? 0 : feedRun.retries(),
          record == null ? null : record.runId(),
          record == null ? null : record.runTime(),
          record == null ? null : record.finishedAt(),
          record == null ? null : Duration.between(record.runTime(), now),
          next,
          upToDate ? null : run.plus(feed.deadline()),
          feedRun == null ? null : feedRun.fetcher(),
          feedRun == null ? null : feedRun.jobId(),
          reason,
          now);
    }
  }

  private FeedStatus giveUp(Status status, Versioned<FeedRun> current, String why, Instant now)
      throws IOException {
    FeedRun failed = current.value().in(FeedRun.State.FAILED, current.value().jobId(), why, now);
    if (store.update(failed.id(), current, failed, true).isPresent()) {
      // Counted once in the fleet: by the instance whose write made it FAILED.
      metrics.failures(status.name()).increment();
      log.warn(
          "feed {}: run {} given up, the model keeps serving {}: {}",
          status.name(),
          failed.runId(),
          status.served().map(RunRecord::runId).orElse("nothing"),
          why);
      return status.of(FeedStatus.State.FAILED, failed, why);
    }
    // Another instance wrote first (it gave the run up, or its fetch ended): as it stands now.
    FeedRun latest = store.feedRun(status.name(), failed.runId()).orElseThrow().value();
    return status.of(
        latest.state() == FeedRun.State.FAILED
            ? FeedStatus.State.FAILED
            : FeedStatus.State.FETCHING,
        latest,
        latest.reason());
  }

  /** The run's lock taken by this instance, or who holds it. */
  private record LockAttempt(Versioned<RunLock> mine, String holder) {}

  /**
   * The run's lock for this instance's fetch: created, or taken over from a fetcher that stopped
   * beating or from an ended job; not when another instance fetches or loads the run. On the real
   * clock, as the heartbeats: the poll's {@code now} only decides which run is due.
   */
  private LockAttempt takeLock(String model, String runId) throws IOException {
    Instant now = Instant.now();
    String me = jobProperties.instanceId();
    String id = RunLock.idOf(model, runId);
    RunLock mine = RunLock.fetching(model, runId, me, now);
    if (store.create(id, mine)) {
      return new LockAttempt(store.lock(model, runId).orElseThrow(), null);
    }
    Optional<Versioned<RunLock>> held = store.lock(model, runId);
    if (held.isEmpty()) {
      return store.create(id, mine)
          ? new LockAttempt(store.lock(model, runId).orElseThrow(), null)
          : new LockAttempt(null, "the run's lock is contended");
    }
    RunLock lock = held.get().value();
    if (lock.sweptAt(now)) {
      return new LockAttempt(null, "the run is being cleaned up after a failed job");
    }
    if (lock.fetchedByOther(me, now, jobProperties.staleAfter())) {
      return new LockAttempt(null, "being fetched by instance " + lock.fetcher());
    }
    if (lock.jobId() != null) {
      Optional<Versioned<Job>> job = store.job(lock.jobId());
      if (job.isPresent() && !job.get().value().state().terminal()) {
        return new LockAttempt(null, "being loaded by job " + lock.jobId());
      }
    }
    return store
        .update(id, held.get(), mine, true)
        .map(taken -> new LockAttempt(taken, null))
        .orElseGet(() -> new LockAttempt(null, "the run's lock is contended"));
  }

  private FeedStatus fetch(
      Status status, Feed feed, Versioned<FeedRun> current, Versioned<RunLock> lock, Instant now)
      throws IOException {
    String name = status.name();
    FeedRun state = current.value();
    Path dir = runFolder(name, feed, state.runId());
    AtomicReference<FetchProgress> progress = new AtomicReference<>();
    AtomicReference<Versioned<RunLock>> held = new AtomicReference<>(lock);
    AtomicReference<Versioned<FeedRun>> doc = new AtomicReference<>(current);
    AtomicBoolean ended = new AtomicBoolean();
    ScheduledFuture<?> heartbeat =
        executor.scheduleWithFixedDelay(
            () -> beat(held, doc, progress, ended),
            jobProperties.heartbeatInterval().toMillis(),
            jobProperties.heartbeatInterval().toMillis(),
            TimeUnit.MILLISECONDS);
    FetchReport report;
    try (HttpFetcher http = new HttpFetcher(feed.settings(), new FetchStats())) {
      report =
          new RunFetcher(feed.layout(), feed.baseUrl(), http)
              .fetch(state.runTime(), feed.selection(), dir, (outcome, p) -> progress.set(p));
    } finally {
      heartbeat.cancel(false);
      synchronized (ended) { // a beat under way ends before the fetch's own writes
        ended.set(true);
      }
    }
    long retries = report.stats().retries();
    metrics.retries(name).increment(retries);
    // A poll that could not read an index (503) knows less than the one before: the fields checked
    // then are still on disk. Fields a step leaves out by the publisher's convention (GFS: no
    // precipitation at f000) are not wanted of it.
    int done =
        Math.max(
            state.fieldsDone(),
            (int) report.fields().stream().filter(f -> f.status().done()).count());
    int wanted =
        report.complete()
            ? done
            : Math.max(
                state.fieldsWanted(), report.fields().size() - report.leftOutBySteps().size());
    FeedRun fetched =
        doc.get()
            .value()
            .progress(
                wanted,
                done,
                Math.max(state.bytes(), report.fieldBytes()),
                retries,
                jobProperties.instanceId(),
                now)
            .fetched();
    Versioned<FeedRun> written = write(doc.get(), fetched);
    if (written.value().state() == FeedRun.State.FAILED) {
      release(held.get());
      return status.of(FeedStatus.State.FAILED, written.value(), written.value().reason());
    }
    if (!report.complete()) {
      release(held.get());
      String waiting =
          report.notDone().size()
              + " fields not there yet (first: "
              + report.notDone().getFirst()
              + ")";
      return status.of(FeedStatus.State.FETCHING, written.value(), waiting);
    }
    try {
      Job job =
          jobs.submit(
              new JobSpec(
                  null,
                  new JobSpec.Files(
                      status.model(),
                      List.of(dir.toString()),
                      feed.members().isEmpty() ? null : feed.members())),
              Trigger.FEED,
              name + "-" + state.runId(),
              state.runTime());
      FeedRun loading = written.value().in(FeedRun.State.LOADING, job.id(), null, Instant.now());
      write(written, loading);
      log.info("feed {}: run {} complete, job {} loads it", name, state.runId(), job.id());
      return status.of(FeedStatus.State.LOADING, loading, null);
    } catch (JobConflictException e) {
      release(held.get());
      return status.of(FeedStatus.State.LOADING, written.value(), e.getMessage());
    } catch (InvalidJobException e) {
      release(held.get());
      return giveUp(
          status,
          store.feedRun(name, state.runId()).orElseThrow(),
          "its files do not make a run: " + e.getMessage(),
          now);
    }
  }

  /** Beats the run's lock and writes the fetch's progress so far for the fleet to see. */
  private void beat(
      AtomicReference<Versioned<RunLock>> held,
      AtomicReference<Versioned<FeedRun>> doc,
      AtomicReference<FetchProgress> progress,
      AtomicBoolean ended) {
    synchronized (ended) {
      if (!ended.get()) {
        beatOnce(held, doc, progress);
      }
    }
  }

  private void beatOnce(
      AtomicReference<Versioned<RunLock>> held,
      AtomicReference<Versioned<FeedRun>> doc,
      AtomicReference<FetchProgress> progress) {
    try {
      Versioned<RunLock> lock = held.get();
      Instant now = Instant.now();
      store
          .update(
              RunLock.idOf(lock.value().model(), lock.value().runId()),
              lock,
              lock.value().beating(now),
              false)
          .ifPresent(held::set);
      FetchProgress p = progress.get();
      if (p != null) {
        FeedRun base = doc.get().value();
        FeedRun next =
            new FeedRun(
                base.feed(),
                base.model(),
                base.runId(),
                base.runTime(),
                base.state(),
                Math.max(base.fieldsWanted(), p.fieldsTotal()),
                p.fieldsDone(),
                base.bytes(),
                base.retries(),
                base.fetches(),
                jobProperties.instanceId(),
                base.jobId(),
                base.reason(),
                base.createdAt(),
                now);
        store.update(next.id(), doc.get(), next, false).ifPresent(doc::set);
      }
    } catch (IOException | RuntimeException e) {
      log.warn("feed heartbeat failed", e);
    }
  }

  private Versioned<FeedRun> write(Versioned<FeedRun> read, FeedRun next) throws IOException {
    Optional<Versioned<FeedRun>> written = store.update(next.id(), read, next, true);
    if (written.isPresent()) {
      return written.get();
    }
    // Only the lock's holder writes a fetching run; a lost race is a deadline given up meanwhile.
    return store.feedRun(next.feed(), next.runId()).orElseThrow();
  }

  /** Lets go of the run's lock so that another instance may fetch it at its next poll. */
  private void release(Versioned<RunLock> lock) {
    try {
      RunLock value = lock.value();
      if (value.jobId() == null) {
        store.update(RunLock.idOf(value.model(), value.runId()), lock, value.beating(null), true);
      }
    } catch (IOException | RuntimeException e) {
      log.warn("feed: could not release the lock of run {}", lock.value().runId(), e);
    }
  }

  /** The folder a feed's run is fetched into. */
  Path runFolder(String name, Feed feed, String runId) {
    return feedFolder(name, feed).resolve(runId);
  }

  private Path feedFolder(String name, Feed feed) {
    Path base = feed.directory() == null ? Path.of("feeds", name) : feed.directory();
    return roots.roots().getFirst().resolve(base).normalize();
  }

  /** Deletes the feed's oldest run folders beyond {@code keep-runs}, never the one just loaded. */
  private void prune(String name, Feed feed, String loaded) {
    Path folder = feedFolder(name, feed);
    try (Stream<Path> list = Files.list(folder)) {
      List<Path> runs =
          list.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("\\d{10}"))
              .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
              .toList();
      for (Path old : runs.subList(Math.min(feed.keepRuns(), runs.size()), runs.size())) {
        if (!old.getFileName().toString().equals(loaded)) {
          FileSystemUtils.deleteRecursively(old);
          log.info("feed {}: deleted the fetched files of run {}", name, old.getFileName());
        }
      }
    } catch (IOException e) {
      log.warn("feed {}: could not prune {}", name, folder, e);
    }
  }

  private Optional<RunRecord> served(String model) throws IOException {
    String runId = catalog.publishedRunIds().get(model);
    return runId == null ? Optional.empty() : catalog.get(model, runId);
  }

  /** The newest of the feed's cycles whose run is due at {@code now}. */
  static Instant newestDue(Feed feed, Instant now) {
    Instant due = now.minus(feed.expectedAfter());
    Instant day = due.truncatedTo(ChronoUnit.DAYS);
    for (int back = 0; ; back++) {
      Instant d = day.minus(Duration.ofDays(back));
      List<Integer> hours = feed.runHours();
      for (int i = hours.size() - 1; i >= 0; i--) {
        Instant cycle = d.plus(Duration.ofHours(hours.get(i)));
        if (!cycle.isAfter(due)) {
          return cycle;
        }
      }
    }
  }

  /** The feed's cycle after {@code run}. */
  static Instant nextCycle(Feed feed, Instant run) {
    Instant day = run.truncatedTo(ChronoUnit.DAYS);
    for (int forward = 0; ; forward++) {
      Instant d = day.plus(Duration.ofDays(forward));
      for (int hour : feed.runHours()) {
        Instant cycle = d.plus(Duration.ofHours(hour));
        if (cycle.isAfter(run)) {
          return cycle;
        }
      }
    }
  }
}
