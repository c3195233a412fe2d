package dev.spotcast.bench.ingest;

import dev.spotcast.ingestor.lifecycle.LoadProgress;
import dev.spotcast.ingestor.source.DocumentSink;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.model.ForecastRun;
import java.util.List;
import java.util.function.Consumer;

/**
 * Times the bulk part of a load from outside the loader: it starts when a producer asks the source
 * for its first slice, and ends when the last document is acknowledged, estimated from the loader's
 * progress samples (the last sample before completion plus the remaining documents at the rate so
 * far, so the error is a fraction of one sample interval, not the refresh and alias switch that
 * follow).
 */
final class StreamClock implements Consumer<LoadProgress> {

  private final long expected;
  private volatile long startNanos;
  private volatile long lastIncompleteNanos;
  private volatile long lastIncompleteDone;
  private volatile long firstCompleteNanos;

  StreamClock(long expected) {
    this.expected = expected;
  }

  /** The source, reporting its first use to this clock. */
  ForecastSource wrap(ForecastSource source) {
    return new ForecastSource() {
      @Override
      public ForecastRun run() {
        return source.run();
      }

      @Override
      public List<Slice> slices() {
        return source.slices();
      }

      @Override
      public void produce(Slice slice, DocumentSink sink) throws Exception {
        if (startNanos == 0) {
          synchronized (StreamClock.this) {
            if (startNanos == 0) {
              startNanos = System.nanoTime();
            }
          }
        }
        source.produce(slice, sink);
      }
    };
  }

  @Override
  public void accept(LoadProgress progress) {
    long now = System.nanoTime();
    long done = progress.indexed() + progress.failed();
    if (done >= expected) {
      if (firstCompleteNanos == 0) {
        firstCompleteNanos = now;
      }
    } else if (startNanos != 0) {
      lastIncompleteNanos = now;
      lastIncompleteDone = done;
    }
  }

  /** Seconds from the first produced to the last acknowledged document, or null if unknown. */
  Double seconds() {
    if (startNanos == 0 || firstCompleteNanos == 0) {
      return null;
    }
    long end = firstCompleteNanos;
    if (lastIncompleteNanos > startNanos && lastIncompleteDone > 0) {
      double rate = lastIncompleteDone / (double) (lastIncompleteNanos - startNanos);
      long estimate = lastIncompleteNanos + (long) ((expected - lastIncompleteDone) / rate);
      end = Math.min(end, estimate);
    }
    return (end - startNanos) / 1e9;
  }
}
