package dev.spotcast.bench.query;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A closed-loop load generator: C workers, each sending its next request as soon as the previous
 * answer has arrived, over {@link HttpClient} (HTTP/1.1, kept-alive connections). Requests are
 * built before the phase starts, so the timed loop only sends bytes and reads answers. A warm-up
 * runs first (connections opened, JIT and caches warm on both sides); only requests that start and
 * finish inside the measured window count. When the phase mixes kinds of request (spot and series),
 * each request's kind comes along and the result also gives each kind's figures.
 */
final class LoadGenerator {

  private final int concurrency;
  private final Duration warmup;
  private final Duration measure;
  private final CpuWatch cpu;

  /** Where each closed-loop worker stopped in its phase's requests, by phase. */
  private final Map<String, int[]> positions = new HashMap<>();

  LoadGenerator(int concurrency, Duration warmup, Duration measure, CpuWatch cpu) {
    this.concurrency = concurrency;
    this.warmup = warmup;
    this.measure = measure;
    this.cpu = cpu;
  }

  /**
   * Runs one phase.
   *
   * @param stats Elasticsearch's search statistics of the indices the phase searches, read at the
   *     start and end of the measured window
   */
  QueryPhaseResult run(
      String phase, int repeat, List<HttpRequest> requests, HttpClient client, SearchStats stats)
      throws InterruptedException {
    return run(phase, repeat, requests, client, stats, warmup);
  }

  /** Runs one phase with a warm-up of its own (a freshly started JVM needs longer for its JIT). */
  QueryPhaseResult run(
      String phase,
      int repeat,
      List<HttpRequest> requests,
      HttpClient client,
      SearchStats stats,
      Duration warmup)
      throws InterruptedException {
    return run(phase, repeat, requests, null, client, stats, warmup);
  }

  /**
   * Runs one phase with a warm-up of its own.
   *
   * @param kinds each request's kind ({@link RequestMix#KINDS} index), or null when the phase does
   *     not mix kinds
   */
  QueryPhaseResult run(
      String phase,
      int repeat,
      List<HttpRequest> requests,
      byte[] kinds,
      HttpClient client,
      SearchStats stats,
      Duration warmup)
      throws InterruptedException {
    long start = System.nanoTime() + 50_000_000L;
    long measureStart = start + warmup.toNanos();
    long measureEnd = measureStart + measure.toNanos();
    Worker[] workers = new Worker[concurrency];
    List<Thread> threads = new ArrayList<>(concurrency);
    AtomicReference<String> firstError = new AtomicReference<>();
    int stride = Math.max(1, requests.size() / concurrency);
    // Each worker goes on where it stopped in the phase's last run: the measured requests of a
    // repeat are not ones just sent (the service's document cache would answer those).
    int[] resume = positions.get(phase);
    for (int w = 0; w < concurrency; w++) {
      int first = resume != null ? resume[w] : w * stride;
      workers[w] =
          new Worker(client, requests, kinds, first, start, measureStart, measureEnd, firstError);
      threads.add(Thread.ofPlatform().name("load-" + w).daemon().start(workers[w]));
    }
    sleepUntil(measureStart);
    CpuWatch.Snapshot before = cpu.snapshot();
    SearchStats.Snapshot searchBefore = stats.snapshot();
    sleepUntil(measureEnd);
    CpuWatch.Snapshot after = cpu.snapshot();
    SearchStats.Snapshot searchAfter = stats.snapshot();
    for (Thread thread : threads) {
      thread.join(Duration.ofSeconds(60));
    }
    client.shutdownNow();
    int[] stopped = new int[concurrency];
    for (int w = 0; w < concurrency; w++) {
      stopped[w] = workers[w].next;
    }
    positions.put(phase, stopped);

    int total = 0;
    long errors = 0;
    long bytes = 0;
    for (Worker worker : workers) {
      total += worker.count;
      errors += worker.errors;
      bytes += worker.bytes;
    }
    long[] latencies = new long[total];
    byte[] kindOf = new byte[total];
    long[] errorsByKind = new long[RequestMix.KINDS.size()];
    int at = 0;
    for (Worker worker : workers) {
      System.arraycopy(worker.latencies, 0, latencies, at, worker.count);
      System.arraycopy(worker.kindOf, 0, kindOf, at, worker.count);
      for (int k = 0; k < errorsByKind.length; k++) {
        errorsByKind[k] += worker.errorsByKind[k];
      }
      at += worker.count;
    }
    return new QueryPhaseResult(
        phase,
        repeat,
        concurrency,
        measure.toNanos() / 1e9,
        total,
        QueryPhaseResult.Latency.ofMicros(latencies),
        errors,
        firstError.get(),
        bytes,
        CpuWatch.between(before, after),
        SearchStats.between(searchBefore, searchAfter),
        kinds == null ? Map.of() : QueryPhaseResult.byKind(latencies, kindOf, total, errorsByKind));
  }

  /**
   * Runs one phase as an open model: requests start at a fixed rate whatever the latency of the
   * answers (as JMeter's throughput shaping timer holds a rate), sent asynchronously, each latency
   * measured from the moment it was due, so a stall counts in full rather than slowing the
   * generator down (no coordinated omission). Requests due inside the measured window count, with
   * the answers that arrive after it; at most {@code maxOutstanding} wait at once, the rest count
   * as errors of the generator.
   */
  QueryPhaseResult runAtRate(
      String phase,
      int repeat,
      List<HttpRequest> requests,
      HttpClient client,
      SearchStats stats,
      Duration warmup,
      double rate,
      int maxOutstanding)
      throws InterruptedException {
    return runAtRate(phase, repeat, requests, null, client, stats, warmup, rate, maxOutstanding);
  }

  /**
   * Runs one phase as an open model.
   *
   * @param kinds each request's kind ({@link RequestMix#KINDS} index), or null when the phase does
   *     not mix kinds
   */
  QueryPhaseResult runAtRate(
      String phase,
      int repeat,
      List<HttpRequest> requests,
      byte[] kinds,
      HttpClient client,
      SearchStats stats,
      Duration warmup,
      double rate,
      int maxOutstanding)
      throws InterruptedException {
    long start = System.nanoTime() + 50_000_000L;
    long measureStart = start + warmup.toNanos();
    long measureEnd = measureStart + measure.toNanos();
    double interval = 1e9 / rate;
    RateRecorder recorder = new RateRecorder();
    Semaphore outstanding = new Semaphore(maxOutstanding);
    CpuWatch.Snapshot before = null;
    SearchStats.Snapshot searchBefore = null;
    int size = requests.size();
    // Each repeat sends requests its phase has not sent before (when there are enough): a repeat of
    // the same ones would be answered from the service's document cache.
    long first =
        (repeat - 1L) * (long) Math.ceil(rate * (warmup.toMillis() + measure.toMillis()) / 1000.0);
    for (long i = 0; ; i++) {
      long due = start + Math.round(i * interval);
      if (due >= measureEnd) {
        break;
      }
      sleepUntil(due);
      if (before == null && due >= measureStart) {
        before = cpu.snapshot();
        searchBefore = stats.snapshot();
      }
      boolean counted = due >= measureStart;
      int index = (int) ((first + i) % size);
      HttpRequest request = requests.get(index);
      byte kind = kinds == null ? 0 : kinds[index];
      if (!outstanding.tryAcquire()) {
        recorder.error(
            counted,
            "the generator's limit of " + maxOutstanding + " requests waiting at once was reached",
            kind);
        continue;
      }
      client
          .sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
          .whenComplete(
              (response, failure) -> {
                long done = System.nanoTime();
                outstanding.release();
                if (failure != null) {
                  recorder.error(counted, failure.toString(), kind);
                } else if (response.statusCode() != 200) {
                  byte[] body = response.body();
                  recorder.error(
                      counted,
                      "HTTP "
                          + response.statusCode()
                          + " "
                          + request.uri()
                          + ": "
                          + new String(body, 0, Math.min(300, body.length), StandardCharsets.UTF_8),
                      kind);
                } else if (counted) {
                  recorder.ok((done - due) / 1000, response.body().length, kind);
                }
              });
    }
    sleepUntil(measureEnd);
    CpuWatch.Snapshot after = cpu.snapshot();
    SearchStats.Snapshot searchAfter = stats.snapshot();
    // the answers still due: waited for up to the requests' own timeout
    if (!outstanding.tryAcquire(maxOutstanding, 60, TimeUnit.SECONDS)) {
      recorder.error(true, "answers still missing 60 s after the window", (byte) -1);
    }
    client.shutdownNow();
    return recorder.result(
        phase,
        repeat,
        (int) Math.round(rate),
        measure.toNanos() / 1e9,
        CpuWatch.between(before, after),
        SearchStats.between(searchBefore, searchAfter),
        kinds != null);
  }

  /** What the answers of an open-model phase gave, recorded from the client's threads. */
  private static final class RateRecorder {
    private long[] latencies = new long[16_384];
    private byte[] kindOf = new byte[16_384];
    private final long[] errorsByKind = new long[RequestMix.KINDS.size()];
    private int count;
    private long errors;
    private long bytes;
    private String firstError;

    synchronized void ok(long micros, int length, byte kind) {
      if (count == latencies.length) {
        latencies = Arrays.copyOf(latencies, count * 2);
        kindOf = Arrays.copyOf(kindOf, count * 2);
      }
      kindOf[count] = kind;
      latencies[count++] = micros;
      bytes += length;
    }

    /** An error of a request of kind {@code kind} (-1: of none in particular). */
    synchronized void error(boolean counted, String what, byte kind) {
      if (firstError == null) {
        firstError = what;
      }
      if (counted) {
        errors++;
        if (kind >= 0) {
          errorsByKind[kind]++;
        }
      }
    }

    synchronized QueryPhaseResult result(
        String phase,
        int repeat,
        int rate,
        double seconds,
        CpuWatch.Usage cpu,
        SearchStats.Delta search,
        boolean split) {
      return new QueryPhaseResult(
          phase,
          repeat,
          rate,
          seconds,
          count,
          QueryPhaseResult.Latency.ofMicros(Arrays.copyOf(latencies, count)),
          errors,
          firstError,
          bytes,
          cpu,
          search,
          split ? QueryPhaseResult.byKind(latencies, kindOf, count, errorsByKind) : Map.of());
    }
  }

  private static void sleepUntil(long nanoTime) {
    long left;
    while ((left = nanoTime - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
  }

  private static final class Worker implements Runnable {
    private final HttpClient client;
    private final List<HttpRequest> requests;
    private final byte[] kinds;
    private final long start;
    private final long measureStart;
    private final long measureEnd;
    private final AtomicReference<String> firstError;
    private int next;
    long[] latencies = new long[16_384];
    byte[] kindOf = new byte[16_384];
    final long[] errorsByKind = new long[RequestMix.KINDS.size()];
    int count;
    long errors;
    long bytes;

    Worker(
        HttpClient client,
        List<HttpRequest> requests,
        byte[] kinds,
        int first,
        long start,
        long measureStart,
        long measureEnd,
        AtomicReference<String> firstError) {
      this.client = client;
      this.requests = requests;
      this.kinds = kinds;
      this.next = first;
      this.start = start;
      this.measureStart = measureStart;
      this.measureEnd = measureEnd;
      this.firstError = firstError;
    }

    @Override
    public void run() {
      sleepUntil(start);
      int size = requests.size();
      while (true) {
        HttpRequest request = requests.get(next);
        byte kind = kinds == null ? 0 : kinds[next];
        next = next + 1 == size ? 0 : next + 1;
        long t0 = System.nanoTime();
        if (t0 >= measureEnd) {
          return;
        }
        String error = null;
        int length = 0;
        try {
          HttpResponse<byte[]> response =
              client.send(request, HttpResponse.BodyHandlers.ofByteArray());
          length = response.body().length;
          if (response.statusCode() != 200) {
            error =
                "HTTP "
                    + response.statusCode()
                    + " "
                    + request.uri()
                    + ": "
                    + new String(response.body(), 0, Math.min(300, length), StandardCharsets.UTF_8);
          }
        } catch (IOException e) {
          error = e.toString();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        long t1 = System.nanoTime();
        if (error != null) {
          firstError.compareAndSet(null, error);
        }
        if (t0 < measureStart || t1 > measureEnd) {
          continue;
        }
        if (error != null) {
          errors++;
          errorsByKind[kind]++;
          continue;
        }
        if (count == latencies.length) {
          latencies = Arrays.copyOf(latencies, count * 2);
          kindOf = Arrays.copyOf(kindOf, count * 2);
        }
        kindOf[count] = kind;
        latencies[count++] = (t1 - t0) / 1000;
        bytes += length;
      }
    }
  }
}
