package dev.spotcast.ingestor.feed;

import dev.spotcast.ingestor.feed.FetchException.Kind;
import dev.spotcast.ingestor.feed.FieldOutcome.Status;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

/**
 * Fetches the wanted fields of one run of one publisher into a directory, one GRIB file per field
 * ({@link FieldKey#fileName}), which {@code spotcast ingest DIR} loads as one run.
 *
 * <p>For an indexed publisher each step's index is read, the wanted fields picked, the ones already
 * checked in the directory ({@link FetchManifest}) left out, the rest merged into range requests
 * ({@link ByteRanges}); ICON's per-field files are fetched whole and decompressed as they arrive.
 * Each field's bytes must start with {@code GRIB} and end with {@code 7777}; they are written to a
 * hidden temporary file and moved into place only once their whole response has been checked, then
 * recorded in the manifest. Steps and ranges go in parallel, bounded per host by the {@link
 * HttpFetcher}. Nothing stops at the first failure: the report says, field by field, what is there
 * and what is not, so a caller can poll again later and fetch only the rest.
 */
public final class RunFetcher {

  /** Told of each field's outcome as it happens, with the fetch's progress. */
  @FunctionalInterface
  public interface Listener {
    void fieldDone(FieldOutcome outcome, FetchProgress progress);

    Listener NONE = (outcome, progress) -> {};
  }

  private static final byte[] GRIB = "GRIB".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END = "7777".getBytes(StandardCharsets.US_ASCII);

  private final FeedLayout layout;
  private final String baseUrl;
  private final HttpFetcher http;

  public RunFetcher(FeedLayout layout, String baseUrl, HttpFetcher http) {
    this.layout = layout;
    this.baseUrl = baseUrl == null || baseUrl.isBlank() ? layout.defaultBaseUrl() : baseUrl;
    this.http = http;
  }

  public String baseUrl() {
    return baseUrl;
  }

  /**
   * The newest run whose first wanted step is published, probing the layout's cycles backwards from
   * {@code now}, at most {@code cycles} of them; empty when none is.
   */
  public Optional<Instant> latest(FieldSelection selection, Instant now, int cycles)
      throws FetchException {
    int first = selection.steps().stream().mapToInt(Integer::intValue).min().orElseThrow();
    for (Instant run : RunTimes.cyclesBefore(now, layout, cycles)) {
      if (http.exists(layout.probeUrl(baseUrl, run, first, selection))) {
        return Optional.of(run);
      }
    }
    return Optional.empty();
  }

  /** Whether the run's first wanted step is published at all. */
  public boolean published(Instant run, FieldSelection selection) throws FetchException {
    int first = selection.steps().stream().mapToInt(Integer::intValue).min().orElseThrow();
    return http.exists(layout.probeUrl(baseUrl, run, first, selection));
  }

  /**
   * Fetches what of the run's wanted fields the directory does not hold checked yet.
   *
   * @throws IOException when the directory or its manifest cannot be written
   */
  public FetchReport fetch(Instant run, FieldSelection selection, Path dir, Listener listener)
      throws IOException {
    FetchManifest manifest = FetchManifest.open(dir);
    Instant start = Instant.now();
    Progress progress = new Progress(listener, start);
    try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> steps = new ArrayList<>();
      for (int step : selection.steps()) {
        steps.add(
            executor.submit(
                () -> {
                  fetchStep(run, step, selection, dir, manifest, executor, progress);
                  return null;
                }));
      }
      for (Future<?> step : steps) {
        await(step);
      }
    }
    List<FieldOutcome> outcomes = new ArrayList<>(progress.outcomes);
    outcomes.sort(
        (a, b) ->
            a.key().step() != b.key().step()
                ? Integer.compare(a.key().step(), b.key().step())
                : a.key().toString().compareTo(b.key().toString()));
    return new FetchReport(
        layout.name(),
        run,
        dir,
        outcomes,
        http.stats().snapshot(),
        Duration.between(start, Instant.now()));
  }

  private void fetchStep(
      Instant run,
      int step,
      FieldSelection selection,
      Path dir,
      FetchManifest manifest,
      ExecutorService executor,
      Progress progress)
      throws IOException {
    String runName = RunTimes.run(run);
    List<Future<?>> tasks = new ArrayList<>();
    switch (layout) {
      case IndexedLayout indexed -> {
        String indexUrl = indexed.indexUrl(baseUrl, run, step);
        List<IndexEntry> index;
        try {
          index = indexed.parseIndex(http.text(indexUrl), step);
        } catch (FetchException e) {
          Status status = e.kind() == Kind.NOT_FOUND ? Status.NOT_PUBLISHED : Status.FAILED;
          for (String param : selection.params()) {
            progress.expect(1);
            progress.add(
                new FieldOutcome(FieldKey.of(param, "*", step), status, null, 0, e.getMessage()));
          }
          return;
        } catch (IllegalArgumentException e) {
          for (String param : selection.params()) {
            progress.expect(1);
            progress.add(
                new FieldOutcome(
                    FieldKey.of(param, "*", step), Status.FAILED, null, 0, indexUrl + ": " + e));
          }
          return;
        }
        List<IndexEntry> wanted =
            index.stream().filter(e -> layout.wanted(e.key(), selection)).toList();
        reportAbsent(step, selection, wanted, indexUrl, progress);
        List<IndexEntry> pending = new ArrayList<>();
        for (IndexEntry entry : wanted) {
          String name = entry.key().fileName(layout.name(), runName);
          progress.expect(1);
          if (manifest.checked(name)) {
            progress.add(
                new FieldOutcome(
                    entry.key(),
                    Status.ALREADY_FETCHED,
                    name,
                    Files.size(dir.resolve(name)),
                    null));
          } else {
            pending.add(entry);
          }
        }
        String dataUrl = indexed.dataUrl(baseUrl, run, step);
        List<ByteRanges.Range> ranges;
        try {
          ranges = ByteRanges.merge(pending);
        } catch (IllegalArgumentException e) {
          for (IndexEntry entry : pending) {
            progress.add(
                new FieldOutcome(
                    entry.key(), Status.FAILED, null, 0, indexUrl + ": " + e.getMessage()));
          }
          return;
        }
        for (ByteRanges.Range range : ranges) {
          tasks.add(
              executor.submit(
                  () -> {
                    fetchRange(dataUrl, range, runName, dir, manifest, progress);
                    return null;
                  }));
        }
      }
      case IconEuLayout icon -> {
        for (IconEuLayout.FieldFile file : icon.files(baseUrl, run, step, selection)) {
          String name = file.key().fileName(layout.name(), runName);
          progress.expect(1);
          if (manifest.checked(name)) {
            progress.add(
                new FieldOutcome(
                    file.key(), Status.ALREADY_FETCHED, name, Files.size(dir.resolve(name)), null));
            continue;
          }
          tasks.add(
              executor.submit(
                  () -> {
                    fetchWhole(file, name, dir, manifest, progress);
                    return null;
                  }));
        }
      }
    }
    for (Future<?> task : tasks) {
      await(task);
    }
  }

  /**
   * Wanted parameters the index has on none of the wanted levels (level {@link FieldKey#ANY}), and
   * wanted levels it has for none of the wanted parameters (parameter {@link FieldKey#ANY}); a
   * parameter need not exist on every level asked for: 2t and t at sfc,850 are 2t at sfc and t at
   * 850.
   */
  private void reportAbsent(
      int step,
      FieldSelection selection,
      List<IndexEntry> wanted,
      String indexUrl,
      Progress progress) {
    for (String param : selection.params()) {
      if (wanted.stream().noneMatch(e -> e.key().param().equalsIgnoreCase(param.strip()))) {
        absent(FieldKey.of(param.strip(), FieldKey.ANY, step), indexUrl, progress);
      }
    }
    for (String token : selection.levels()) {
      String level = layout.levelName(token);
      if (wanted.stream().noneMatch(e -> e.key().level().equalsIgnoreCase(level))) {
        absent(FieldKey.of(FieldKey.ANY, level, step), indexUrl, progress);
      }
    }
  }

  private static void absent(FieldKey key, String indexUrl, Progress progress) {
    progress.expect(1);
    progress.add(new FieldOutcome(key, Status.NOT_IN_INDEX, null, 0, "not listed in " + indexUrl));
  }

  private void fetchRange(
      String url,
      ByteRanges.Range range,
      String runName,
      Path dir,
      FetchManifest manifest,
      Progress progress)
      throws IOException {
    List<Written> written;
    try {
      written =
          http.range(
              url,
              range,
              body -> {
                List<Written> files = new ArrayList<>();
                try {
                  for (IndexEntry field : range.fields()) {
                    String name = field.key().fileName(layout.name(), runName);
                    files.add(write(dir, name, body, field.toEnd() ? -1 : field.length(), url));
                  }
                  return files;
                } catch (IOException | FetchException | RuntimeException e) {
                  for (Written file : files) {
                    Files.deleteIfExists(file.temp());
                  }
                  throw e;
                }
              });
    } catch (FetchException e) {
      Status status =
          e.kind() == Kind.BEYOND_END || e.kind() == Kind.SHORT
              ? Status.NOT_IN_FILE
              : e.kind() == Kind.NOT_FOUND ? Status.NOT_PUBLISHED : Status.FAILED;
      for (IndexEntry field : range.fields()) {
        progress.add(new FieldOutcome(field.key(), status, null, 0, e.getMessage()));
      }
      return;
    }
    for (int i = 0; i < written.size(); i++) {
      IndexEntry field = range.fields().get(i);
      Written file = written.get(i);
      place(file, dir, manifest, url + " " + "bytes=" + field.offset() + "+" + file.length());
      progress.add(new FieldOutcome(field.key(), Status.FETCHED, file.name(), file.length(), null));
    }
  }

  private void fetchWhole(
      IconEuLayout.FieldFile field,
      String name,
      Path dir,
      FetchManifest manifest,
      Progress progress)
      throws IOException {
    Written written;
    try {
      written =
          http.whole(
              field.url(),
              body -> {
                try (InputStream grib = new BZip2CompressorInputStream(body, true)) {
                  return write(dir, name, grib, -1, field.url());
                }
              });
    } catch (FetchException e) {
      Status status = e.kind() == Kind.NOT_FOUND ? Status.NOT_PUBLISHED : Status.FAILED;
      progress.add(new FieldOutcome(field.key(), status, null, 0, e.getMessage()));
      return;
    }
    place(written, dir, manifest, field.url());
    progress.add(
        new FieldOutcome(field.key(), Status.FETCHED, written.name(), written.length(), null));
  }

  /** A field's bytes in their temporary file, checked, not in place yet. */
  private record Written(String name, Path temp, long length, String sha256) {}

  /**
   * Copies one field's bytes (exactly {@code length}, or the rest of the stream when -1) into a
   * hidden temporary file and checks it is one GRIB message's frame.
   */
  private static Written write(Path dir, String name, InputStream body, long length, String url)
      throws IOException, FetchException {
    Path temp = Files.createTempFile(dir, "." + name, ".part");
    MessageDigest digest = FetchManifest.newDigest();
    long copied = 0;
    try (OutputStream out = new DigestOutputStream(Files.newOutputStream(temp), digest)) {
      byte[] buffer = new byte[64 * 1024];
      while (length < 0 || copied < length) {
        int n =
            body.read(
                buffer,
                0,
                length < 0 ? buffer.length : (int) Math.min(buffer.length, length - copied));
        if (n < 0) {
          break;
        }
        out.write(buffer, 0, n);
        copied += n;
      }
    } catch (IOException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    if ((length >= 0 && copied != length) || !framedAsGrib(temp, copied)) {
      Files.deleteIfExists(temp);
      throw new FetchException(
          Kind.BAD_CONTENT,
          url,
          String.format(
              Locale.ROOT,
              "the bytes of %s (%d) are not one GRIB message (GRIB ... 7777): the index's offsets"
                  + " do not match the file",
              name,
              copied));
    }
    return new Written(name, temp, copied, HexFormat.of().formatHex(digest.digest()));
  }

  private static boolean framedAsGrib(Path file, long length) throws IOException {
    if (length < 8) {
      return false;
    }
    try (FileChannel channel = FileChannel.open(file)) {
      ByteBuffer head = ByteBuffer.allocate(4);
      ByteBuffer tail = ByteBuffer.allocate(4);
      channel.read(head, 0);
      channel.read(tail, length - 4);
      return java.util.Arrays.equals(head.array(), GRIB)
          && java.util.Arrays.equals(tail.array(), END);
    }
  }

  private static void place(Written file, Path dir, FetchManifest manifest, String source)
      throws IOException {
    Files.move(
        file.temp(),
        dir.resolve(file.name()),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    manifest.record(file.name(), new FetchManifest.Entry(file.length(), file.sha256(), source));
  }

  private static void await(Future<?> future) throws IOException {
    try {
      future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /** The outcomes so far and the counts behind {@link FetchProgress}. */
  private final class Progress {
    final List<FieldOutcome> outcomes = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger total = new AtomicInteger();
    final AtomicInteger done = new AtomicInteger();
    final AtomicInteger failed = new AtomicInteger();
    final Listener listener;
    final Instant start;

    Progress(Listener listener, Instant start) {
      this.listener = listener;
      this.start = start;
    }

    void expect(int fields) {
      total.addAndGet(fields);
    }

    void add(FieldOutcome outcome) {
      outcomes.add(outcome);
      if (outcome.status().done()) {
        done.incrementAndGet();
      } else {
        failed.incrementAndGet();
      }
      listener.fieldDone(outcome, snapshot());
    }

    FetchProgress snapshot() {
      FetchStats.Snapshot stats = http.stats().snapshot();
      return new FetchProgress(
          total.get(),
          done.get(),
          failed.get(),
          stats.bytesReceived(),
          stats.retries(),
          Duration.between(start, Instant.now()));
    }
  }
}
