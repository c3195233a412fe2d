package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CompilerActivityTest {

  private final AtomicLong compiled = new AtomicLong();
  private final AtomicLong clock = new AtomicLong(1_000_000_000L);
  private final CompilerActivity activity = new CompilerActivity(compiled::get, clock::get, 0.25);

  @Test
  void busyUntilTheFirstWindowEnds() {
    assertThat(activity.busy()).isTrue();
    clock.addAndGet(1_999_999_999L);
    assertThat(activity.busy()).isTrue();
  }

  @Test
  void aWindowOfLittleCompilingIsQuiet() {
    // 2 s, 400 ms compiled: 0.2 of a core, under 0.25
    clock.addAndGet(2_000_000_000L);
    compiled.addAndGet(400);
    assertThat(activity.busy()).isFalse();
  }

  @Test
  void aWindowOfMuchCompilingIsBusyAndTheVerdictHoldsUntilTheNextWindowEnds() {
    // 2 s, 1,200 ms compiled (two threads at 0.3 each): 0.6 of a core
    clock.addAndGet(2_000_000_000L);
    compiled.addAndGet(1_200);
    assertThat(activity.busy()).isTrue();
    // 1 s later, nothing compiled: the window is not over, the verdict stands
    clock.addAndGet(1_000_000_000L);
    assertThat(activity.busy()).isTrue();
    // 2.5 s after the last window: 100 ms compiled, 0.04 of a core
    clock.addAndGet(1_500_000_000L);
    compiled.addAndGet(100);
    assertThat(activity.busy()).isFalse();
  }

  @Test
  void exactlyTheBoundIsNotBusy() {
    // 4 s, 1,000 ms: 0.25 of a core
    clock.addAndGet(4_000_000_000L);
    compiled.addAndGet(1_000);
    assertThat(activity.busy()).isFalse();
  }

  @Test
  void aBoundOfZeroIsNeverBusy() {
    CompilerActivity off = new CompilerActivity(compiled::get, clock::get, 0);
    assertThat(off.watched()).isFalse();
    assertThat(activity.watched()).isTrue();
    assertThat(off.busy()).isFalse();
    clock.addAndGet(2_000_000_000L);
    compiled.addAndGet(4_000);
    assertThat(off.busy()).isFalse();
  }

  @Test
  void thisJvmsCompilerCanBeAsked() {
    // whatever it is doing: the call answers (the JVM running the tests times its compiler)
    CompilerActivity own = CompilerActivity.ofThisJvm(0.25);
    assertThat(own.busy()).isTrue();
  }
}
