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
  void aLaterDocumentOfTheSameSlotMakesItForgetTheFirst() {
    ReadBefore seen = new ReadBefore(ReadBefore.MIN_SLOTS);
    // 65,536 slots: fingerprints 5 and 5 + 65,536 select slot 5 (their high halves are 0).
    long first = 5;
    long second = 5 + ReadBefore.MIN_SLOTS;
    assertThat(seen.again(first)).isFalse();
    assertThat(seen.again(second)).as("takes slot 5").isFalse();
    assertThat(seen.again(first)).as("forgotten: recorded again").isFalse();
    assertThat(seen.again(first)).isTrue();
    assertThat(seen.again(6)).as("another slot").isFalse();
    assertThat(seen.again(first)).isTrue();
  }

  @Test
  void theTableHoldsAboutAsManyDocumentsAsTheCacheWithinItsBounds() {
    assertThat(ReadBefore.forCache(0).slots()).isEqualTo(ReadBefore.MIN_SLOTS);
    assertThat(ReadBefore.forCache(1L << 40).slots()).isEqualTo(ReadBefore.MAX_SLOTS);
    // 1 GiB of documents of 3 KiB: 349,525, so 2^18 slots (the power of two below).
    assertThat(ReadBefore.forCache(1L << 30).slots()).isEqualTo(1 << 18);
    assertThatThrownBy(() -> new ReadBefore(3000)).hasMessageContaining("power of two");
  }
}
