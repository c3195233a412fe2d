package dev.spotcast.ingest.work;

import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobSources;
import dev.spotcast.ingest.job.OpenedSource;
import dev.spotcast.ingest.settings.JobProperties;
import jakarta.annotation.PreDestroy;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The sources of the jobs this instance works on, opened once per job rather than once per chunk:
 * opening a run's files reads every field's metadata, which would otherwise be paid hundreds of
 * times. A source unused for {@link JobProperties#sourceIdleTimeout()} is closed.
 */
@Component
public class SourceCache {

  private final Map<String, Entry> entries = new ConcurrentHashMap<>();
  private final Duration idleTimeout;
  private final JobSources sources;

  public SourceCache(JobProperties properties, JobSources sources) {
    this.idleTimeout = properties.sourceIdleTimeout();
    this.sources = sources;
  }

  private static final class Entry {
    OpenedSource source;
    int users;
    Instant lastUsed = Instant.now();
    boolean closed;
  }

  /** The job's source, opened if needed; give it back with {@link #release}. */
  public OpenedSource acquire(Job job) {
    while (true) {
      Entry entry = entries.computeIfAbsent(job.id(), k -> new Entry());
      synchronized (entry) {
        if (entry.closed) {
          continue; // evicted meanwhile: take a new entry
        }
        if (entry.source == null) {
          entry.source = sources.open(job.spec(), job.sharding());
        }
        entry.users++;
        entry.lastUsed = Instant.now();
        return entry.source;
      }
    }
  }

  public void release(Job job) {
    Entry entry = entries.get(job.id());
    if (entry != null) {
      synchronized (entry) {
        entry.users--;
        entry.lastUsed = Instant.now();
      }
    }
  }

  /** Closes the sources nobody used for the idle timeout. */
  public void evictIdle() {
    Instant before = Instant.now().minus(idleTimeout);
    for (Map.Entry<String, Entry> e : entries.entrySet()) {
      Entry entry = e.getValue();
      synchronized (entry) {
        if (entry.users == 0 && entry.lastUsed.isBefore(before)) {
          entry.closed = true;
          entries.remove(e.getKey(), entry);
          if (entry.source != null) {
            entry.source.close();
          }
        }
      }
    }
  }

  @PreDestroy
  public void closeAll() {
    entries
        .values()
        .forEach(
            entry -> {
              synchronized (entry) {
                entry.closed = true;
                if (entry.source != null) {
                  entry.source.close();
                }
              }
            });
    entries.clear();
  }
}
