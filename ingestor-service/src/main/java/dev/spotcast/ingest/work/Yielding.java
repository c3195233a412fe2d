package dev.spotcast.ingest.work;

import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobState;
import dev.spotcast.ingest.job.JobStore;
import dev.spotcast.ingest.job.Versioned;
import dev.spotcast.ingest.settings.KafkaTopics;
import dev.spotcast.ingest.settings.YieldProperties;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.PressureWatch;
import dev.spotcast.ingestor.bulk.SendPace;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * This instance's loading yields to the query services' users ({@code spotcast.ingest.yield}): one
 * {@link SendPace} for every chunk the instance loads, moved every interval by the services'
 * pressure. Its state is in {@code /actuator/prometheus}: {@code spotcast_ingest_pace_limit} (bulks
 * allowed at once), {@code spotcast_ingest_pace_rest} (how many times as long as a bulk took a turn
 * waits after it, below one bulk), {@code spotcast_ingest_pace_in_flight}, {@code
 * spotcast_ingest_pace_congestions_total} (readings that halved it) and {@code
 * spotcast_ingest_users_busy} (the last reading) and {@code spotcast_ingest_runs_behind} (1 while a
 * run is behind its deadline and loading does not yield: {@link Freshness}).
 */
@Component
public class Yielding {

  private static final Logger log = LoggerFactory.getLogger(Yielding.class);

  /** The most unfinished jobs read for the deadlines. */
  private static final int JOBS = 100;

  /** How long a reading of the jobs' progress is used before it is read again. */
  private static final Duration LOADS_KEPT = Duration.ofSeconds(10);

  private final SendPace pace;
  private final PressureWatch watch;
  private final Duration serveWithin;
  private final JobStore jobs;
  private final Clock clock;
  private volatile PressureWatch.Reading last = PressureWatch.Reading.CLEAR;
  private volatile Freshness.Load behind;
  private List<Freshness.Load> loads = List.of();
  private Instant loadsReadAt;

  @Autowired
  public Yielding(
      YieldProperties properties,
      LoaderSettings loader,
      KafkaTopics topics,
      JobStore jobs,
      MeterRegistry registry) {
    this(properties, loader, topics, jobs, registry, Clock.systemUTC());
  }

  Yielding(
      YieldProperties properties,
      LoaderSettings loader,
      KafkaTopics topics,
      JobStore jobs,
      MeterRegistry registry,
      Clock clock) {
    this.serveWithin = properties.serveWithin();
    this.jobs = jobs;
    this.clock = clock;
    int max = topics.workConcurrency() * loader.senderThreads();
    if (properties.queryServices().isEmpty()) {
      this.pace = SendPace.UNPACED;
      this.watch = null;
    } else {
      this.pace = new SendPace(Math.min(properties.minBulks(), max), max);
      this.watch = new PressureWatch(properties.queryServices(), properties.timeout());
      log.info(
          "loading yields to the users of {}: {} to {} bulks at once{}",
          watch.addresses(),
          pace.min(),
          pace.max(),
          serveWithin.isZero()
              ? ""
              : ", unless a run is behind being served within " + readable(serveWithin));
    }
    Gauge.builder("spotcast.ingest.pace.limit", this, y -> y.watch == null ? max : y.pace.limit())
        .description("bulks this instance may send at once, as the users' pressure allows")
        .register(registry);
    Gauge.builder("spotcast.ingest.pace.rest", pace, SendPace::rest)
        .description("how many times as long as its bulk took a turn waits after it (0: no rest)")
        .register(registry);
    Gauge.builder("spotcast.ingest.pace.in.flight", pace, SendPace::inFlight)
        .description("bulks in flight under the pace")
        .register(registry);
    FunctionCounter.builder("spotcast.ingest.pace.congestions", pace, SendPace::congestions)
        .description("readings of the users' pressure that halved the bulks allowed")
        .register(registry);
    Gauge.builder(
            "spotcast.ingest.users.busy", this, y -> y.last == PressureWatch.Reading.BUSY ? 1 : 0)
        .description("1 when the last reading said the query services' users are hurting")
        .register(registry);
    Gauge.builder("spotcast.ingest.runs.behind", this, y -> y.behind == null ? 0 : 1)
        .description(
            "1 while a run being loaded is behind its deadline (serve-within) and loading does not"
                + " yield")
        .register(registry);
  }

  /** The pace every chunk's bulks take their turns from. */
  public SendPace pace() {
    return pace;
  }

  @Scheduled(
      fixedDelayString = "${spotcast.ingest.yield.interval:1s}",
      initialDelayString = "${spotcast.ingest.yield.interval:1s}")
  public void follow() {
    if (watch == null) {
      return;
    }
    try {
      PressureWatch.Reading reading = watch.read();
      step(reading, reading == PressureWatch.Reading.BUSY ? recentLoads() : List.of());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Moves the pace by one reading: the users hurting halve it, unless a run of {@code loads} is
   * behind its deadline; then, as when they are clear, it climbs back.
   */
  void step(PressureWatch.Reading reading, List<Freshness.Load> loads) {
    Freshness.Load late =
        reading == PressureWatch.Reading.BUSY
            ? Freshness.behind(loads, serveWithin, clock.instant()).orElse(null)
            : null;
    PressureWatch.move(pace, late == null ? reading : PressureWatch.Reading.CLEAR);
    if (late != null && behind == null) {
      log.info(
          "run {} is behind being served within {} ({} of {} documents): loading does not yield"
              + " until it is back on schedule",
          late.run(),
          readable(serveWithin),
          late.indexed(),
          late.expected());
    }
    behind = late;
    if (reading != last) {
      log.info(
          reading == PressureWatch.Reading.BUSY
              ? "the query services' users are hurting: loading yields, {} bulks at once, rest {}"
              : "the query services' users are clear again: loading climbs back from {} bulks,"
                  + " rest {}",
          pace.limit(),
          pace.rest());
    }
    last = reading;
  }

  /**
   * {@link #loads()}, read again only once {@link #LOADS_KEPT} has passed since the last read: a
   * busy box reads the users every second, and the jobs' progress moves slowly against a deadline
   * of minutes.
   */
  private List<Freshness.Load> recentLoads() {
    Instant now = clock.instant();
    if (loadsReadAt == null || !now.isBefore(loadsReadAt.plus(LOADS_KEPT))) {
      loads = loads();
      loadsReadAt = now;
    }
    return loads;
  }

  /** The unfinished jobs and what they indexed, when a floor is set; none when it is not. */
  private List<Freshness.Load> loads() {
    if (serveWithin.isZero()) {
      return List.of();
    }
    try {
      List<Freshness.Load> loads = new ArrayList<>();
      for (Versioned<Job> read : jobs.jobs(List.of(JobState.QUEUED, JobState.LOADING), JOBS)) {
        Job job = read.value();
        if (job.createdAt() == null) {
          continue;
        }
        JobStore.ChunkSummary summary = jobs.summary(job.id());
        loads.add(
            new Freshness.Load(
                job.model() + " " + job.runId(),
                job.createdAt(),
                job.expectedDocuments(),
                summary.indexedDocuments() + summary.runningIndexedDocuments()));
      }
      return loads;
    } catch (IOException | RuntimeException e) {
      // Without the jobs, the users' reading alone decides, as without a floor.
      log.warn("the jobs' progress could not be read for their deadlines: {}", e.toString());
      return List.of();
    }
  }

  /** A duration as people write it in the settings: 12m, 1h30m. */
  private static String readable(Duration duration) {
    return duration.toString().substring(2).toLowerCase(Locale.ROOT);
  }

  /** The run behind its deadline at the last reading, if any. */
  Optional<Freshness.Load> behind() {
    return Optional.ofNullable(behind);
  }
}
