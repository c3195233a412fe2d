package dev.spotcast.query.config;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The timers of the service's bounded waits for Elasticsearch: a read's time limit ({@code
 * ElasticsearchGuard}) and the longest wait for a shared read ({@code SharedReads}).
 *
 * <p>Why not the waits' own deadlines: requests run on virtual threads, and a virtual thread that
 * parks with a timeout hands the timeout to the JDK's scheduler thread and wakes it, once when it
 * parks and once when it is resumed before the timeout. In a profile at 2,000 spots/s those
 * wake-ups were a tenth of the service's CPU samples (docs/benchmarks-journal.md, stop 54). Here a
 * request waits without a deadline, and a timer on one platform thread ends its wait. A timer
 * cancelled because the wait ended first leaves the queue at once ({@link
 * ScheduledThreadPoolExecutor#setRemoveOnCancelPolicy}), and adding one wakes the thread only when
 * it becomes the earliest: the thread wakes when a limit is reached, not for each wait. (The door's
 * bounded wait, Resilience4j's bulkhead in {@code AdmissionControl}, still parks with a timeout: a
 * line of its own that hands slots over in order answered less at saturation, stop 54.)
 */
@Component
public class Timeouts implements DisposableBean {

  private final ScheduledThreadPoolExecutor timers;

  public Timeouts() {
    timers =
        new ScheduledThreadPoolExecutor(
            1, Thread.ofPlatform().daemon().name("spotcast-timeouts").factory());
    timers.setRemoveOnCancelPolicy(true);
  }

  /** Runs {@code task} after {@code nanos}, unless the returned future is cancelled first. */
  public ScheduledFuture<?> after(long nanos, Runnable task) {
    return timers.schedule(task, nanos, TimeUnit.NANOSECONDS);
  }

  /** The same timers, for libraries that take a scheduler (Resilience4j's time limiter). */
  public ScheduledExecutorService scheduler() {
    return timers;
  }

  /** Timers set and not yet run nor cancelled (for tests). */
  public int pending() {
    return timers.getQueue().size();
  }

  @Override
  public void destroy() {
    timers.shutdownNow();
  }
}
