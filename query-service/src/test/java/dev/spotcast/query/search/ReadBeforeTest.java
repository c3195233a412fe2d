package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReadBeforeTest {

  @Test
  void aDocumentIsReadAgainFromItsSecondRead() {
    ReadBefore seen = new ReadBefore(ReadBefore.MIN_SLOTS);
    assertThat(seen.again(42)).as("first read").isFalse();
    assertThat(seen.again(42)).as("second").isTrue();
    assertThat(seen.again(42)).as("third").isTrue();
    assertThat(seen.again(0)).as("0, recorded as 1 (0 is an empty slot)").isFalse();
    assertThat(seen.again(0)).isTrue();
  }

  @Test
  void twoDocumentsOfTheSamePairOfSlotsAreRememberedAndAThirdPushesOutTheOldest() {
    ReadBefore seen = new ReadBefore(ReadBefore.MIN_SLOTS);
    // 65,536 slots: fingerprints 4, 5, 4 + 65,536 and 5 + 65,536 select the pair of slots 4 and 5
    // (their high halves are 0).
    long first = 4;
    long second = 5 + ReadBefore.MIN_SLOTS;
    long third = 4 + ReadBefore.MIN_SLOTS;
    // Read together (one spot's documents), then again: both remembered.
    assertThat(seen.again(first)).isFalse();
    assertThat(seen.again(second)).isFalse();
    assertThat(seen.again(first)).as("the older of the pair").isTrue();
    assertThat(seen.again(second)).as("the newer").isTrue();
    assertThat(seen.again(third)).as("a third of the pair").isFalse();
    assertThat(seen.again(first)).as("pushed out: recorded again").isFalse();
    assertThat(seen.again(third)).as("still remembered").isTrue();
    assertThat(seen.again(6)).as("another pair").isFalse();
    assertThat(seen.again(first)).isTrue();
  }

  @Test
  void theTableHoldsAboutAsManyDocumentsAsTheCacheWithinItsBounds() {
    assertThat(ReadBefore.forCache(0).slots()).isEqualTo(ReadBefore.MIN_SLOTS);
    assertThat(ReadBefore.forCache(1L << 40).slots()).isEqualTo(ReadBefore.MAX_SLOTS);
    // 1 GiB of documents of 3 KiB: 349,525, so 2^18 slots (the power of two below).
    assertThat(ReadBefore.forCache(1L << 30).slots()).isEqualTo(1 << 18);
    assertThatThrownBy(() -> new ReadBefore(3000)).hasMessageContaining("power of two");
    assertThatThrownBy(() -> new ReadBefore(1)).hasMessageContaining("at least 2");
  }
}
