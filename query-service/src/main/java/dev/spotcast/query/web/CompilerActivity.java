package dev.spotcast.query.web;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Whether the JVM's just-in-time compiler is still busy: the time it spent compiling over the last
 * window, in cores (its compile time, summed over its threads, divided by the window's length).
 * Right after a start the compiler works for a minute or more on the request path's methods; a
 * request answered meanwhile shares the cores with it (a fresh service over the 977 M run at 500
 * spots/s spent 0.5-0.6 of a core compiling for 50 s after a warm-up of 500 requests:
 * docs/benchmarks-journal.md, "Stop 78"). The warm-up goes on while this says busy.
 */
final class CompilerActivity {

  /** How long a window is: a verdict is a window old at most. */
  static final long WINDOW_NANOS = 2_000_000_000L;

  private final LongSupplier compileMillis;
  private final LongSupplier nanoTime;
  private final double busyCores;
  private final boolean watched;
  private long windowStart;
  private long compiledAtStart;
  private boolean busy = true;

  /**
   * @param compileMillis the compile time so far, in milliseconds, summed over compiler threads
   * @param nanoTime the clock
   * @param busyCores above this many cores' worth of compiling over a window, the compiler is busy
   *     (0: never busy)
   */
  CompilerActivity(LongSupplier compileMillis, LongSupplier nanoTime, double busyCores) {
    this.compileMillis = compileMillis;
    this.nanoTime = nanoTime;
    this.busyCores = busyCores;
    this.watched = busyCores > 0;
    this.windowStart = nanoTime.getAsLong();
    this.compiledAtStart = compileMillis.getAsLong();
  }

  /**
   * This JVM's compiler; never busy when the JVM does not time its compiler (or runs without one).
   */
  static CompilerActivity ofThisJvm(double busyCores) {
    CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    if (compiler == null || !compiler.isCompilationTimeMonitoringSupported()) {
      return new CompilerActivity(() -> 0, System::nanoTime, 0);
    }
    return new CompilerActivity(compiler::getTotalCompilationTime, System::nanoTime, busyCores);
  }

  /**
   * Whether the compiler is watched at all: not with a bound of 0, nor where the JVM does not time
   * it ({@link #busy} then always says no).
   */
  boolean watched() {
    return watched;
  }

  /**
   * Whether the compiler worked more than the bound over the last whole window; busy until the
   * first window ends (a start is when it works most).
   */
  synchronized boolean busy() {
    if (!watched) {
      return false;
    }
    long now = nanoTime.getAsLong();
    long elapsed = now - windowStart;
    if (elapsed >= WINDOW_NANOS) {
      long compiled = compileMillis.getAsLong();
      double cores = (compiled - compiledAtStart) * 1_000_000.0 / elapsed;
      busy = cores > busyCores;
      windowStart = now;
      compiledAtStart = compiled;
    }
    return busy;
  }
}
