package dev.spotcast.ingestor.feed;

import dev.spotcast.ingestor.feed.FetchException.Kind;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.core.functions.CheckedSupplier;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The requests to publishers, each checked before its bytes are believed. One HTTP/1.1 client
 * (connections kept and reused), at most {@link FeedSettings#parallelPerHost()} requests in flight
 * per host, a User-Agent on each, a body that goes {@link FeedSettings#requestTimeout()} without a
 * byte aborted, and a Resilience4j retry with exponential backoff and jitter for what may pass
 * (5xx, 429, a dropped connection, a short body, an HTML error page), counted in {@link
 * FetchStats}.
 *
 * <p>A range request must come back as 206 with the Content-Range asked for and exactly that many
 * bytes. A server that ignores Range and sends the whole file (200) is tolerated: the range is cut
 * out of the whole body, which is read to its end and checked against its Content-Length, and the
 * event and the bytes outside the range are counted ({@link FetchStats.Snapshot#rangesIgnored()}),
 * so a mirror that costs whole files shows in the figures instead of failing the feed.
 */
public final class HttpFetcher implements AutoCloseable {

  /** Reads the bytes of a response: exactly the range asked for, or the whole file. */
  @FunctionalInterface
  public interface BodyReader<T> {
    T read(InputStream body) throws IOException, FetchException;
  }

  private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");

  private final FeedSettings settings;
  private final FetchStats stats;
  private final HttpClient client;
  private final Retry retry;
  private final Map<String, Semaphore> hosts = new ConcurrentHashMap<>();

  /** Aborts bodies that stall: HttpClient's timeout covers the response headers only. */
  private final ScheduledExecutorService watchdog =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "feed-body-watchdog");
            thread.setDaemon(true);
            return thread;
          });

  public HttpFetcher(FeedSettings settings, FetchStats stats) {
    this.settings = settings;
    this.stats = stats;
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(settings.connectTimeout())
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    this.retry =
        Retry.of(
            "feed",
            RetryConfig.custom()
                .maxAttempts(settings.attempts())
                .intervalFunction(
                    IntervalFunction.ofExponentialRandomBackoff(
                        settings.firstBackoff(), 2.0, 0.5, settings.maxBackoff()))
                .retryOnException(e -> e instanceof FetchException f && f.retryable())
                .build());
    retry.getEventPublisher().onRetry(event -> stats.retries.increment());
  }

  public FetchStats stats() {
    return stats;
  }

  /** A small text file (an index), whole. */
  public String text(String url) throws FetchException {
    return retried(
        () ->
            exchange(
                url,
                null,
                (response, body) -> {
                  if (response.statusCode() != 200) {
                    throw statusFailure(url, response.statusCode());
                  }
                  rejectHtml(url, response);
                  return new String(body.readAllBytes(), StandardCharsets.UTF_8);
                }));
  }

  /** Whether the URL answers 200 to HEAD (404: not published yet). */
  public boolean exists(String url) throws FetchException {
    return retried(
        () -> {
          HttpRequest request =
              request(url).method("HEAD", HttpRequest.BodyPublishers.noBody()).build();
          Semaphore host = acquire(url);
          int status;
          try {
            status = send(url, request, HttpResponse.BodyHandlers.discarding()).statusCode();
          } finally {
            host.release();
          }
          if (status == 200) {
            return true;
          }
          if (status == 404) {
            return false;
          }
          throw statusFailure(url, status);
        });
  }

  /** The whole file, as {@code reader} reads it (e.g. decompressing it on the way). */
  public <T> T whole(String url, BodyReader<T> reader) throws FetchException {
    return retried(
        () ->
            exchange(
                url,
                null,
                (response, body) -> {
                  if (response.statusCode() != 200) {
                    throw statusFailure(url, response.statusCode());
                  }
                  rejectText(url, response);
                  long length = contentLength(response);
                  Exact exact = new Exact(body, length, url);
                  T result = reader.read(exact);
                  exact.finish();
                  return result;
                }));
  }

  /** The bytes of one range of a file, as {@code reader} reads exactly them. */
  public <T> T range(String url, ByteRanges.Range range, BodyReader<T> reader)
      throws FetchException {
    return retried(
        () ->
            exchange(
                url,
                range.header(),
                (response, body) -> {
                  int status = response.statusCode();
                  if (status == 206) {
                    return partial(url, range, response, body, reader);
                  }
                  if (status == 200) {
                    return sliced(url, range, response, body, reader);
                  }
                  if (status == 416) {
                    throw new FetchException(
                        Kind.BEYOND_END,
                        url,
                        "416: the file has no bytes at "
                            + range.header()
                            + ": the index lists fields the file lacks");
                  }
                  throw statusFailure(url, status);
                }));
  }

  private <T> T partial(
      String url,
      ByteRanges.Range range,
      HttpResponse<InputStream> response,
      InputStream body,
      BodyReader<T> reader)
      throws IOException, FetchException {
    rejectText(url, response);
    String header = response.headers().firstValue("Content-Range").orElse(null);
    Matcher m = header == null ? null : CONTENT_RANGE.matcher(header.strip());
    if (m == null || !m.matches()) {
      throw new FetchException(
          Kind.BAD_RESPONSE, url, "206 without a readable Content-Range (" + header + ")");
    }
    long first = Long.parseLong(m.group(1));
    long last = Long.parseLong(m.group(2));
    long total = m.group(3).equals("*") ? -1 : Long.parseLong(m.group(3));
    long wantedLast;
    if (range.toEnd()) {
      if (total < 0) {
        throw new FetchException(
            Kind.BAD_RESPONSE, url, "206 for an open range without the file's length: " + header);
      }
      wantedLast = total - 1;
    } else {
      wantedLast = range.offset() + range.length() - 1;
    }
    if (first != range.offset()) {
      throw new FetchException(
          Kind.BAD_RESPONSE, url, "asked " + range.header() + ", got Content-Range " + header);
    }
    if (last < wantedLast && total >= 0 && last == total - 1) {
      throw new FetchException(
          Kind.SHORT,
          url,
          "the file is "
              + total
              + " bytes but its index puts fields up to byte "
              + (wantedLast + 1)
              + ": the file is shorter than its index (still being written, or cut)");
    }
    if (last != wantedLast) {
      throw new FetchException(
          Kind.BAD_RESPONSE, url, "asked " + range.header() + ", got Content-Range " + header);
    }
    long length = last - first + 1;
    long declared = contentLength(response);
    if (declared >= 0 && declared != length) {
      throw new FetchException(
          Kind.BAD_RESPONSE,
          url,
          "Content-Length " + declared + " does not match Content-Range " + header);
    }
    Exact exact = new Exact(body, length, url);
    T result = reader.read(exact);
    exact.finish();
    if (body.read() >= 0) {
      throw new FetchException(Kind.BAD_RESPONSE, url, "the body is longer than " + header);
    }
    return result;
  }

  /** A 200 to a range request: the server sent the whole file; the range is cut out of it. */
  private <T> T sliced(
      String url,
      ByteRanges.Range range,
      HttpResponse<InputStream> response,
      InputStream body,
      BodyReader<T> reader)
      throws IOException, FetchException {
    rejectText(url, response);
    stats.rangesIgnored.increment();
    long total = contentLength(response);
    long before = skip(body, range.offset(), url);
    long length = range.toEnd() ? (total < 0 ? -1 : total - range.offset()) : range.length();
    if (length == 0 || (total >= 0 && range.offset() + length > total)) {
      throw new FetchException(
          Kind.SHORT,
          url,
          "the file is "
              + total
              + " bytes but its index puts fields up to byte "
              + (range.offset() + length)
              + " (the server ignored Range and sent the whole file)");
    }
    Exact exact = new Exact(body, length, url);
    T result = reader.read(exact);
    exact.finish();
    long after = drain(body);
    stats.bytesOutsideRanges.add(before + after);
    long received = before + exact.read + after;
    if (total >= 0 && received != total) {
      throw new FetchException(
          Kind.SHORT, url, "the body stopped at byte " + received + " of its " + total);
    }
    return result;
  }

  private static long skip(InputStream body, long count, String url)
      throws IOException, FetchException {
    byte[] buffer = new byte[64 * 1024];
    long skipped = 0;
    while (skipped < count) {
      int n = body.read(buffer, 0, (int) Math.min(buffer.length, count - skipped));
      if (n < 0) {
        break;
      }
      skipped += n;
    }
    if (skipped < count) {
      throw new FetchException(
          Kind.SHORT, url, "the whole file sent instead of a range ends at byte " + skipped);
    }
    return skipped;
  }

  /** The retried part: one request, its response read and checked, its connection released. */
  private <T> T exchange(String url, String rangeHeader, ResponseReader<T> reader)
      throws FetchException {
    HttpRequest.Builder builder = request(url).GET();
    if (rangeHeader != null) {
      builder.header("Range", rangeHeader);
    }
    Semaphore host = acquire(url);
    try {
      HttpResponse<InputStream> response =
          send(url, builder.build(), HttpResponse.BodyHandlers.ofInputStream());
      long idle = settings.requestTimeout().toNanos();
      Counting counting =
          new Counting(
              response.body(),
              stats,
              Thread.currentThread(),
              new BodyPace(
                  System.nanoTime(),
                  idle,
                  minBytesPerTimeout(settings.minBodyRate(), settings.requestTimeout())));
      long period = Math.max(10, Math.min(1000, settings.requestTimeout().toMillis() / 4));
      ScheduledFuture<?> check =
          watchdog.scheduleAtFixedRate(
              () -> counting.abortIfIdleOrSlow(idle), period, period, TimeUnit.MILLISECONDS);
      try (InputStream body = counting) {
        return reader.read(response, body);
      } catch (ShortBody e) {
        throw new FetchException(Kind.SHORT, url, e.getMessage(), e);
      } catch (IOException e) {
        if (counting.aborted && counting.slowBytes >= 0) {
          throw new FetchException(
              Kind.NETWORK,
              url,
              counting.slowBytes
                  + " bytes in "
                  + settings.requestTimeout().toMillis()
                  + " ms, under the floor of "
                  + settings.minBodyRate()
                  + " bytes/s: the body trickled",
              e);
        }
        if (counting.aborted) {
          throw new FetchException(
              Kind.NETWORK,
              url,
              "no byte for " + settings.requestTimeout().toMillis() + " ms: the body stalled",
              e);
        }
        throw new FetchException(Kind.NETWORK, url, "the body failed: " + e.getMessage(), e);
      } finally {
        check.cancel(false);
        if (counting.finish()) {
          Thread.interrupted(); // the watchdog's interrupt, not the caller's
        }
      }
    } finally {
      host.release();
    }
  }

  @FunctionalInterface
  private interface ResponseReader<T> {
    T read(HttpResponse<InputStream> response, InputStream body) throws IOException, FetchException;
  }

  private <T> T retried(CheckedSupplier<T> call) throws FetchException {
    try {
      return retry.executeCheckedSupplier(call);
    } catch (FetchException e) {
      throw e;
    } catch (RuntimeException e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** A permit of the URL's host: at most parallelPerHost requests in flight to it. */
  private Semaphore acquire(String url) throws FetchException {
    URI uri = URI.create(url);
    String key = uri.getScheme() + "://" + uri.getHost() + ":" + uri.getPort();
    Semaphore host =
        hosts.computeIfAbsent(key, k -> new Semaphore(settings.parallelPerHost(), true));
    try {
      host.acquire();
      return host;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FetchException(Kind.LOCAL, url, "interrupted", e);
    }
  }

  /** Sends under a permit the caller holds. */
  private <T> HttpResponse<T> send(
      String url, HttpRequest request, HttpResponse.BodyHandler<T> handler) throws FetchException {
    try {
      stats.requests.increment();
      return client.send(request, handler);
    } catch (IOException e) {
      throw new FetchException(Kind.NETWORK, url, "request failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FetchException(Kind.LOCAL, url, "interrupted", e);
    }
  }

  private HttpRequest.Builder request(String url) {
    return HttpRequest.newBuilder(URI.create(url))
        .timeout(settings.requestTimeout())
        .header("User-Agent", settings.userAgent());
  }

  private static FetchException statusFailure(String url, int status) {
    if (status == 404) {
      return new FetchException(Kind.NOT_FOUND, url, "404: not published (yet)");
    }
    if (status == 429 || status >= 500) {
      return new FetchException(Kind.SERVER, url, "the server answered " + status);
    }
    return new FetchException(Kind.CLIENT, url, "the server answered " + status);
  }

  private static void rejectHtml(String url, HttpResponse<?> response) throws FetchException {
    String type = contentType(response);
    if (type.contains("html")) {
      throw new FetchException(
          Kind.BAD_RESPONSE, url, "an HTML page (" + type + ") instead of an index");
    }
  }

  /** Fields are binary: a text/* or HTML body is an error page from a proxy or the server. */
  private static void rejectText(String url, HttpResponse<?> response) throws FetchException {
    String type = contentType(response);
    if (type.startsWith("text/") || type.contains("html")) {
      throw new FetchException(
          Kind.BAD_RESPONSE, url, "a " + type + " body instead of GRIB data (an error page?)");
    }
  }

  private static String contentType(HttpResponse<?> response) {
    return response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
  }

  private static long contentLength(HttpResponse<?> response) {
    OptionalLong length = response.headers().firstValueAsLong("Content-Length");
    return length.isPresent() ? length.getAsLong() : -1;
  }

  /** Reads a stream to its end; returns how many bytes that was. */
  private static long drain(InputStream in) throws IOException {
    byte[] buffer = new byte[64 * 1024];
    long total = 0;
    for (int n; (n = in.read(buffer)) >= 0; ) {
      total += n;
    }
    return total;
  }

  @Override
  public void close() {
    watchdog.shutdownNow();
    client.close();
  }

  /** The floor's bytes over one request timeout (at least 1 when there is a floor). */
  static long minBytesPerTimeout(long bytesPerSecond, Duration timeout) {
    if (bytesPerSecond <= 0) {
      return 0;
    }
    long millis = Math.max(1, timeout.toMillis());
    return bytesPerSecond > Long.MAX_VALUE / millis
        ? Long.MAX_VALUE
        : Math.max(1, bytesPerSecond * millis / 1000);
  }

  /**
   * Counts the bytes received, live, for progress lines, and notes when the last one came: a body
   * idle for longer than the request timeout, or slower than the floor over one ({@link BodyPace}),
   * is aborted by interrupting its reader.
   */
  private static final class Counting extends FilterInputStream {
    private final FetchStats stats;
    private final Thread reader;
    private final BodyPace pace;
    private volatile long lastRead = System.nanoTime();
    private volatile long bytes;
    private boolean finished;
    volatile boolean aborted;

    /** The bytes of the last timeout when aborted as too slow; -1 otherwise. */
    volatile long slowBytes = -1;

    Counting(InputStream in, FetchStats stats, Thread reader, BodyPace pace) {
      super(in);
      this.stats = stats;
      this.reader = reader;
      this.pace = pace;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      lastRead = System.nanoTime();
      if (b >= 0) {
        stats.bytesReceived.increment();
        bytes++;
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      lastRead = System.nanoTime();
      if (n > 0) {
        stats.bytesReceived.add(n);
        bytes += n;
      }
      return n;
    }

    synchronized void abortIfIdleOrSlow(long idleNanos) {
      if (finished || aborted) {
        return;
      }
      long now = System.nanoTime();
      long slow = pace.tooSlow(now, bytes);
      boolean stalled = now - lastRead > idleNanos;
      // A body without a byte for half a timeout is left to the idle check: it stalled, it did not
      // trickle, and the message says so.
      boolean trickled = slow >= 0 && now - lastRead < idleNanos / 2;
      if (stalled || trickled) {
        slowBytes = stalled ? -1 : slow;
        aborted = true;
        reader.interrupt();
      }
    }

    /** No abort after this; returns whether one happened. */
    synchronized boolean finish() {
      finished = true;
      return aborted;
    }
  }

  /**
   * Exactly {@code length} bytes of a body (all of it when the length is unknown, -1): a body that
   * ends earlier is {@link Kind#SHORT}, and {@link #finish} checks the reader took them all.
   */
  static final class Exact extends FilterInputStream {
    private final long length;
    private final String url;
    long read;

    Exact(InputStream in, long length, String url) {
      super(in);
      this.length = length;
      this.url = url;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int count) throws IOException {
      if (length >= 0 && read >= length) {
        return -1;
      }
      int wanted = length < 0 ? count : (int) Math.min(count, length - read);
      int n = super.read(buffer, offset, wanted);
      if (n < 0) {
        if (length >= 0) {
          throw new ShortBody(read, length);
        }
        return -1;
      }
      read += n;
      return n;
    }

    /** Skipped bytes are read, so that they are counted and the limit holds. */
    @Override
    public long skip(long n) throws IOException {
      byte[] buffer = new byte[(int) Math.min(Math.max(n, 0), 64 * 1024)];
      long skipped = 0;
      while (skipped < n) {
        int r = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
        if (r < 0) {
          break;
        }
        skipped += r;
      }
      return skipped;
    }

    @Override
    public int available() throws IOException {
      return 0;
    }

    @Override
    public void close() {
      // The response's stream is closed by the exchange.
    }

    void finish() throws IOException, FetchException {
      drain(this);
      if (length >= 0 && read != length) {
        throw new FetchException(
            Kind.SHORT, url, "the body stopped after " + read + " of " + length + " bytes");
      }
    }
  }

  /** A body that ended early, as an IOException so it passes through readers' streams. */
  static final class ShortBody extends IOException {
    ShortBody(long read, long length) {
      super("the body stopped after " + read + " of " + length + " bytes");
    }
  }
}
