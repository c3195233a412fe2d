package dev.spotcast.ingest.api;

import java.time.Duration;
import java.time.Instant;

/**
 * How far a job is, from the documents Elasticsearch has acknowledged: those of the DONE chunks
 * plus those the RUNNING chunks reported with their last heartbeat (so a run of few large chunks
 * shows progress before its first chunk ends). The rate is the mean since loading started; the ETA
 * assumes it holds for the documents left.
 *
 * @param acknowledgedDocuments documents acknowledged, at most the expected ones
 * @param progress acknowledged / expected, 0 to 1
 * @param docsPerSecond acknowledged documents per second since loading started
 * @param eta time left at that rate; null when the job has ended or nothing is acknowledged yet
 */
public record JobProgress(
    long acknowledgedDocuments, double progress, double docsPerSecond, Duration eta) {

  /**
   * @param expected documents of the run
   * @param done documents indexed by the DONE chunks
   * @param running documents acknowledged so far in the RUNNING chunks
   * @param startedAt when loading started (null: not yet)
   * @param until now, or when the job ended
   * @param ended whether the job has ended (no ETA then)
   */
  public static JobProgress of(
      long expected, long done, long running, Instant startedAt, Instant until, boolean ended) {
    long acknowledged = Math.min(Math.max(0, done) + Math.max(0, running), Math.max(0, expected));
    double progress = expected <= 0 ? 1.0 : (double) acknowledged / expected;
    long millis = startedAt == null ? 0 : Duration.between(startedAt, until).toMillis();
    double rate = millis <= 0 ? 0 : acknowledged * 1000.0 / millis;
    Duration eta =
        ended || rate <= 0
            ? null
            : Duration.ofMillis(Math.round((expected - acknowledged) * 1000.0 / rate));
    return new JobProgress(acknowledged, progress, rate, eta);
  }
}
