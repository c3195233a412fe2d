package dev.spotcast.query.web;

import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.search.DocumentCache;
import dev.spotcast.query.search.RunHandoff;
import dev.spotcast.query.search.RunPreload;
import dev.spotcast.query.spot.RecentPlaces;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

/**
 * Before a starting instance says it is ready, it sends itself forecast requests at random places,
 * heights and times of the runs it serves, through its own HTTP port and the whole path (door,
 * parsing, Elasticsearch, interpolation, the answer), so that the code is compiled and the
 * connections are open when a load balancer's traffic arrives: {@code requests} of them at least,
 * then more while the JIT compiler is still busy ({@link CompilerActivity}), until {@code
 * max-duration}. A cold JVM answers the same request many times slower for its first thousands of
 * requests; without this, a rolling restart or a new instance refuses much of what it is sent for
 * its first seconds. First it reads into the document cache the runs that fit there whole ({@link
 * RunPreload}). With a documents file ({@code documents-file}, {@link DocumentsFile}) it then reads
 * by id, of the runs it serves, the documents its predecessor's cache held, the most used first
 * ({@link RunHandoff#restore}). With a places file ({@code places-file}, {@link PlacesFile}) it
 * first reads the documents of the places its predecessor was asked about most, by a series request
 * at each, so that its users' places are in the document cache; from then on it keeps both files
 * for the next start (every {@code places-save-interval}, and at shutdown). Starts once the run
 * catalog has been read; readiness waits for it ({@link StartupHealthIndicator}), at most {@code
 * max-duration}.
 *
 * <p>A model's new run is warmed before its users are moved to it ({@link
 * PublishedRuns#beforeServing}), so that the first users' requests after the switch find their
 * documents in memory instead of all reading Elasticsearch at once: first the new run's documents
 * of whatever the document cache holds of the run being left, the most used first, read by id in
 * batches ({@link RunHandoff}); then a series request with {@code run=} at each of the places of
 * that model asked most lately (at most {@code switch-max-duration} in all; the users are moved
 * then, whatever was read).
 */
@Component
@EnableConfigurationProperties(WarmupProperties.class)
public class Warmup implements ApplicationListener<WebServerInitializedEvent> {

  private static final Logger log = LoggerFactory.getLogger(Warmup.class);

  /** Models warmed: enough to compile every path, few enough to stay short with many models. */
  private static final int MAX_MODELS = 4;

  private final PublishedRuns runs;
  private final WarmupProperties properties;
  private final RecentPlaces recent;
  private final RunPreload preload;
  private final RunHandoff handoff;
  private final DocumentCache cache;
  private final AtomicBoolean started = new AtomicBoolean();
  private volatile int port = -1;
  private volatile boolean done;
  private volatile Thread saver;

  public Warmup(
      PublishedRuns runs,
      WarmupProperties properties,
      RecentPlaces recent,
      RunPreload preload,
      RunHandoff handoff,
      ObjectProvider<DocumentCache> cache) {
    this.runs = runs;
    this.cache = cache.getIfAvailable();
    this.handoff = handoff;
    this.properties = properties;
    this.recent = recent;
    this.preload = preload;
    runs.onRefresh(records -> startOnce());
    runs.beforeServing(this::warmNewRun);
  }

  /** Whether the warm-up is over (or there was none to do). */
  public boolean done() {
    return done;
  }

  @Override
  public void onApplicationEvent(WebServerInitializedEvent event) {
    if (event.getApplicationContext().getServerNamespace()
        == null) { // the application's port, not management's
      port = event.getWebServer().getPort();
      startOnce();
    }
  }

  private void startOnce() {
    if (port > 0 && runs.loaded() && started.compareAndSet(false, true)) {
      Thread.ofVirtual().name("warmup").start(this::warmUp);
    }
  }

  private void warmUp() {
    long began = System.nanoTime();
    CompilerActivity compiler = CompilerActivity.ofThisJvm(properties.compilerBusy());
    AtomicInteger sent = new AtomicInteger();
    Answers answered = new Answers();
    int replayed = 0;
    Queue<URI> places = new ConcurrentLinkedQueue<>();
    try (DocumentCache.Warming warming = warming()) {
      // The runs that fit in the document cache first, whole: then every place is in memory.
      preload.preloadNew();
      Instant start = Instant.now();
      Instant deadline = start.plus(properties.maxDuration());
      // Then what the predecessor's cache held of the others, by id: its users' documents, in half
      // the time at most (the requests that follow compile the code).
      restoreDocuments(start.plus(properties.maxDuration().dividedBy(2)));
      List<ForecastRun> served = new ArrayList<>();
      for (String model : runs.models()) {
        runs.get(model).map(RunRecord::run).ifPresent(served::add);
        if (served.size() == MAX_MODELS) {
          break;
        }
      }
      List<String> lastAsked = placesLastAsked();
      // A place of a run read whole is in memory already: no series to read it.
      lastAsked.stream()
          .filter(query -> !preload.holdsNewest(PlacesFile.model(query)))
          .forEach(query -> places.add(uri("/v1/series?" + query)));
      int series = places.size();
      if ((properties.requests() == 0 || served.isEmpty()) && places.isEmpty()) {
        return;
      }
      try (HttpClient client =
          HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
        // First a series at each place last asked (their documents, all of them read before what
        // follows), then spot requests at them, or without a file at random places (the code).
        send(client, deadline, answered, places::poll);
        replayed = series - places.size();
        send(
            client,
            deadline,
            answered,
            () -> {
              // At least `requests`, then on while the compiler is still busy with them.
              if (served.isEmpty()
                  || properties.requests() == 0
                  || (sent.get() >= properties.requests() && !compiler.busy())) {
                return null;
              }
              sent.incrementAndGet();
              ThreadLocalRandom random = ThreadLocalRandom.current();
              return lastAsked.isEmpty()
                  ? request(served.get(random.nextInt(served.size())))
                  : spotAt(lastAsked.get(random.nextInt(lastAsked.size())));
            });
      }
    } catch (RuntimeException e) {
      log.warn("warm-up stopped: {}", e.toString());
    } finally {
      done = true;
      int total = sent.get() + replayed;
      if (total > 0) {
        log.info(
            "warmed up with {} requests, {} of them at the places last asked ({} answered 200) in"
                + " {} ms, the compiler {}; ready",
            total,
            replayed,
            answered.ok.get(),
            (System.nanoTime() - began) / 1_000_000,
            !compiler.watched() ? "not waited for" : compiler.busy() ? "still busy" : "quiet");
      }
      keepFiles();
    }
  }

  /**
   * Reads the documents of the documents file (those its writer's cache held) into the document
   * cache, of the runs served now, until the deadline; logged, never failing the warm-up.
   */
  private void restoreDocuments(Instant deadline) {
    if (!properties.keepsDocuments()) {
      return;
    }
    long began = System.nanoTime();
    try {
      List<RunHandoff.HeldDocument> documents = DocumentsFile.load(properties.documentsFile());
      if (documents.isEmpty()) {
        return;
      }
      RunHandoff.Result result = handoff.restore(documents, deadline);
      log.info(
          "read {} of the {} documents of {} ({} kept) in {} ms",
          result.read(),
          documents.size(),
          properties.documentsFile(),
          result.kept(),
          (System.nanoTime() - began) / 1_000_000);
    } catch (IOException | RuntimeException e) {
      log.warn(
          "documents file {} not read ({}); warming up without it",
          properties.documentsFile(),
          e.toString());
    }
  }

  /**
   * Reads, before the service answers from it, a model's new run where its users read the run it
   * leaves: first the documents the document cache holds of that run, the most used first ({@link
   * RunHandoff}), then, unless those were all read, a series at each of the places of that model
   * asked most ({@code run=}); runs on the catalog's refresh thread, at most {@code
   * switch-max-duration} in all.
   *
   * <p>When the handoff has read all the cache held, the places asked most are in the cache
   * already: in stop 64's day their 2,000 series read no document from Elasticsearch, and cost the
   * users 1.2 cores of the query service for 5 s (docs/benchmarks-journal.md).
   */
  void warmNewRun(RunRecord next) {
    if (properties.switchMaxDuration().isZero()) {
      return;
    }
    Instant deadline = Instant.now().plus(properties.switchMaxDuration());
    boolean whole =
        runs.get(next.run().model())
            .filter(current -> current != next)
            .map(current -> handOver(current, next, deadline))
            .orElse(false);
    if (port > 0 && properties.places() > 0) {
      if (whole) {
        log.info(
            "model {}: run {} holds all the cache held of the run before; the places asked most are"
                + " not asked again",
            next.run().model(),
            next.runId());
      } else {
        warmPlaces(next, deadline);
      }
    }
  }

  /**
   * Whether the handoff read all the cache held of the run left ({@link RunHandoff.Result#whole}).
   */
  private boolean handOver(RunRecord current, RunRecord next, Instant deadline) {
    long began = System.nanoTime();
    try {
      RunHandoff.Result result = handoff.handOver(current, next, deadline);
      if (result.held() > 0) {
        log.info(
            "model {}: read run {} where run {} was read: {} documents asked, {} kept, of the {}"
                + " the document cache held of it, in {} ms",
            next.run().model(),
            next.runId(),
            current.runId(),
            result.read(),
            result.kept(),
            result.held(),
            (System.nanoTime() - began) / 1_000_000);
      }
      return result.whole();
    } catch (RuntimeException e) {
      log.warn(
          "model {}: reading run {} where run {} was read stopped: {}",
          next.run().model(),
          next.runId(),
          current.runId(),
          e.toString());
      return false;
    }
  }

  /**
   * The document cache keeps what the warm-up's requests read whatever its admission ({@link
   * DocumentCache#warming}): they ask what users are about to.
   */
  private DocumentCache.Warming warming() {
    return cache != null ? cache.warming() : () -> {};
  }

  /** A series of the new run at each of the places of its model asked most, until the deadline. */
  private void warmPlaces(RunRecord next, Instant deadline) {
    String model = next.run().model();
    Queue<URI> places =
        recent.mostAsked(Integer.MAX_VALUE).stream()
            .filter(place -> place.model().equals(model))
            .limit(properties.places())
            .map(place -> uri("/v1/series?" + PlacesFile.query(place) + "&run=" + next.runId()))
            .collect(ConcurrentLinkedQueue::new, Queue::add, Queue::addAll);
    int asked = places.size();
    if (asked == 0) {
      return;
    }
    long began = System.nanoTime();
    Answers answered = new Answers();
    try (DocumentCache.Warming warming = warming();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
      send(client, deadline, answered, places::poll);
    } catch (RuntimeException e) {
      log.warn("model {}: warming run {} stopped: {}", model, next.runId(), e.toString());
    }
    log.info(
        "model {}: read run {} at {} of the {} places asked most ({} answered 200) in {} ms before"
            + " serving it",
        model,
        next.runId(),
        asked - places.size(),
        asked,
        answered.ok.get(),
        (System.nanoTime() - began) / 1_000_000);
    if (answered.firstFailure.get() != null) {
      log.warn(
          "model {}: warming run {}: the first not answered: {}",
          model,
          next.runId(),
          answered.firstFailure.get());
    }
  }

  /** What a warm-up's requests got: how many were answered 200, and the first that was not. */
  private static final class Answers {
    final AtomicInteger ok = new AtomicInteger();
    final AtomicReference<String> firstFailure = new AtomicReference<>();
  }

  /**
   * Sends the requests {@code next} gives ({@code concurrency} at once) until it gives null or the
   * deadline passes; returns when all are answered.
   */
  private void send(HttpClient client, Instant deadline, Answers answered, Supplier<URI> next) {
    try (ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int w = 0; w < properties.concurrency(); w++) {
        workers.submit(
            () -> {
              URI uri;
              while (Instant.now().isBefore(deadline) && (uri = next.get()) != null) {
                try {
                  HttpResponse<Void> response =
                      client.send(
                          HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                          HttpResponse.BodyHandlers.discarding());
                  if (response.statusCode() == 200) {
                    answered.ok.incrementAndGet();
                  } else {
                    answered.firstFailure.compareAndSet(
                        null,
                        uri.getRawPath()
                            + "?"
                            + uri.getRawQuery()
                            + ": HTTP "
                            + response.statusCode());
                  }
                } catch (IOException e) {
                  // counted as not answered; the warm-up goes on
                  answered.firstFailure.compareAndSet(null, uri.getRawPath() + ": " + e);
                }
              }
              return null;
            });
      }
    }
  }

  /**
   * The places of the places file whose model this instance serves (their queries), at most {@code
   * places}; none without a file (or when it cannot be read: logged, the warm-up goes on).
   */
  private List<String> placesLastAsked() {
    Path file = properties.placesFile();
    if (!properties.keepsPlaces()) {
      return List.of();
    }
    try {
      return PlacesFile.load(file).stream()
          .filter(query -> runs.get(PlacesFile.model(query)).isPresent())
          .limit(properties.places())
          .toList();
    } catch (IOException | RuntimeException e) {
      log.warn("places file {} not read ({}); warming up without it", file, e.toString());
      return List.of();
    }
  }

  /**
   * From now on, saves the places asked most to the places file and the documents the cache holds
   * to the documents file every {@code places-save-interval}.
   */
  private void keepFiles() {
    if (!properties.keepsPlaces() && !properties.keepsDocuments()) {
      return;
    }
    saver =
        Thread.ofVirtual()
            .name("places-file")
            .start(
                () -> {
                  try {
                    while (!Thread.currentThread().isInterrupted()) {
                      Thread.sleep(properties.placesSaveInterval());
                      saveFiles();
                    }
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
  }

  /** On shutdown (after the requests in progress ended): the places and the documents, saved. */
  @PreDestroy
  void stop() {
    Thread running = saver;
    if (running != null) {
      running.interrupt();
      saveFiles();
    }
  }

  private void saveFiles() {
    if (properties.keepsPlaces()) {
      List<RecentPlaces.Place> places = recent.mostAsked(properties.places());
      // Nothing asked yet: the previous instance's file stays.
      if (!places.isEmpty()) {
        save(properties.placesFile(), file -> PlacesFile.save(file, places));
      }
    }
    if (properties.keepsDocuments()) {
      List<RunHandoff.HeldDocument> documents = handoff.held(properties.documents());
      if (!documents.isEmpty()) {
        save(properties.documentsFile(), file -> DocumentsFile.save(file, documents));
      }
    }
  }

  /** Writes a file; a failure is logged, not thrown: the service goes on without it. */
  private static void save(Path file, FileWriter writer) {
    try {
      writer.write(file);
    } catch (IOException | RuntimeException e) {
      log.warn("{} not saved: {}", file, e.toString());
    }
  }

  /** Writes a file. */
  @FunctionalInterface
  private interface FileWriter {
    void write(Path file) throws IOException;
  }

  /** A spot request at a place of the places file, at a random time of its model's run. */
  private URI spotAt(String place) {
    ForecastRun run = runs.get(PlacesFile.model(place)).map(RunRecord::run).orElse(null);
    if (run == null) { // no longer served
      return uri("/v1/series?" + place);
    }
    int step = ThreadLocalRandom.current().nextInt(run.steps().size());
    return uri("/v1/spot?" + place + "&time=" + run.validTime(run.steps().get(step)));
  }

  private URI uri(String pathAndQuery) {
    return URI.create("http://127.0.0.1:" + port + pathAndQuery);
  }

  /**
   * A spot request (one in ten a series) at a random place, height and time of the run: between
   * grid points and between steps, as users ask, so that the paths compiled are theirs (places at
   * grid points and times at steps interpolate less).
   */
  private URI request(ForecastRun run) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    double lat;
    double lon;
    if (run.grid() instanceof RegularLatLonGrid grid) {
      // Anywhere between the first and the last row and column; a global grid's columns wrap.
      int columns = grid.global() ? grid.nLon() + 1 : grid.nLon();
      double row = grid.nLat() == 1 ? 0 : random.nextDouble(grid.nLat() - 1);
      double column = columns == 1 ? 0 : random.nextDouble(columns - 1);
      lat = grid.lat0() + grid.dLat() * row;
      lon = RegularLatLonGrid.normaliseLongitude(grid.lon0() + grid.dLon() * column);
    } else {
      lat = run.grid().south() + random.nextDouble() * (run.grid().north() - run.grid().south());
      lon = random.nextDouble(-180, 180);
    }
    StringBuilder query =
        new StringBuilder()
            .append("model=")
            .append(run.model())
            .append(String.format(Locale.ROOT, "&lat=%.4f&lon=%.4f", lat, lon));
    LevelAxis axis =
        run.axes().stream().filter(a -> a.type().queryParameter() != null).findFirst().orElse(null);
    if (axis != null) {
      query
          .append('&')
          .append(axis.type().queryParameter())
          .append('=')
          .append(
              String.format(
                  Locale.ROOT,
                  "%.1f",
                  axis.lowest() + random.nextDouble() * (axis.highest() - axis.lowest())));
    }
    if (random.nextInt(10) == 0) {
      return uri("/v1/series?" + query);
    }
    List<Integer> steps = run.steps();
    int step = random.nextInt(steps.size());
    Instant time = run.validTime(steps.get(step));
    if (step + 1 < steps.size()) {
      long gap = Duration.between(time, run.validTime(steps.get(step + 1))).toSeconds();
      time = time.plusSeconds(random.nextLong(Math.max(1, gap)));
    }
    query.append("&time=").append(time);
    return uri("/v1/spot?" + query);
  }
}
