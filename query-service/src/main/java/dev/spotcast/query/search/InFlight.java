package dev.spotcast.query.search;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Concurrent requests for the same thing share one read: the first caller reads, the others wait
 * for its answer (or its failure) instead of reading again. Nothing is kept once the read ends:
 * keeping is the cache's job.
 *
 * @param <K> what is read (value equality)
 * @param <V> its answer
 */
final class InFlight<K, V> {

  private final ConcurrentHashMap<K, CompletableFuture<V>> reading = new ConcurrentHashMap<>();

  /**
   * The answer of {@code read} for {@code key}, read by this caller or by one already reading it.
   */
  V get(K key, Supplier<V> read) {
    CompletableFuture<V> mine = new CompletableFuture<>();
    CompletableFuture<V> theirs = reading.putIfAbsent(key, mine);
    if (theirs != null) {
      try {
        return theirs.join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException failure) {
          throw failure;
        }
        throw e;
      }
    }
    try {
      V value = read.get();
      mine.complete(value);
      return value;
    } catch (RuntimeException e) {
      mine.completeExceptionally(e);
      throw e;
    } finally {
      reading.remove(key, mine);
    }
  }

  /** Reads under way now. */
  int size() {
    return reading.size();
  }
}
