package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;

class ValueSlabTest {

  /** Two columns of three numbers, every one of them {@code n}. */
  private static float[][] filled(float n) {
    return new float[][] {{n, n, n}, {n, n, n}};
  }

  @Test
  void aBlockIsReadBackAsWrittenColumnByColumn() {
    ValueSlab slab = new ValueSlab(1 << 20);
    ValueSlab.Slot slot = slab.write(new float[][] {{1, 2, 3}, {4, Float.NaN, 6}});
    float[][] read = ValueSlab.read(slot, 2);
    assertThat(read[0]).containsExactly(1f, 2f, 3f);
    assertThat(read[1][0]).isEqualTo(4f);
    assertThat(read[1][1]).isNaN();
    assertThat(read[1][2]).isEqualTo(6f);
    // A copy: writing it does not change the slab.
    read[0][0] = 99;
    assertThat(ValueSlab.read(slot, 2)[0][0]).isEqualTo(1f);
  }

  @Test
  void aSlotGivenBackAndWrittenAgainIsAMissForItsFormerHolder() {
    ValueSlab slab = new ValueSlab(1 << 20);
    ValueSlab.Slot first = slab.write(filled(1));
    ValueSlab.free(first);
    ValueSlab.Slot second = slab.write(filled(2));
    assertThat(second.slot()).isEqualTo(first.slot());
    assertThat(ValueSlab.read(first, 2)).isNull();
    assertThat(ValueSlab.read(second, 2)[1]).containsExactly(2f, 2f, 2f);
  }

  @Test
  void pagesStopAtTheBoundAndSizesHaveTheirOwn() {
    // 1,600 bytes: pages of at most 100 bytes (a sixteenth), so 4 slots of 24 bytes per page and
    // 16 pages, 64 slots of this size.
    ValueSlab slab = new ValueSlab(1_600);
    List<ValueSlab.Slot> slots = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      slots.add(slab.write(filled(i)));
    }
    assertThat(slots).doesNotContainNull();
    assertThat(slab.bytesAllocated()).isEqualTo(64 * 24);
    assertThat(slab.write(filled(64))).isNull();
    // A document of another size finds no room either: its pages would pass the bound.
    assertThat(slab.write(new float[][] {{1}})).isNull();
    ValueSlab.free(slots.get(10));
    assertThat(slab.write(filled(65)).slot()).isEqualTo(slots.get(10).slot());
    assertThat(ValueSlab.read(slots.get(63), 2)[0]).containsExactly(63f, 63f, 63f);
  }

  @Test
  void readersNeverSeeHalfOfOneBlockAndHalfOfAnother() throws Exception {
    // Writers keep freeing and rewriting 8 slots, each block filled with one number; readers copy
    // what they were given. Every read is whole (all its numbers one value) or a miss.
    ValueSlab slab = new ValueSlab(8 * 24);
    AtomicReferenceArray<ValueSlab.Slot> held = new AtomicReferenceArray<>(8);
    for (int i = 0; i < 8; i++) {
      held.set(i, slab.write(filled(i)));
    }
    AtomicReference<String> torn = new AtomicReference<>();
    CompletableFuture<Void> writer =
        CompletableFuture.runAsync(
            () -> {
              for (int n = 8; n < 200_000; n++) {
                int i = n % 8;
                ValueSlab.free(held.get(i));
                held.set(i, slab.write(filled(n)));
              }
            });
    List<CompletableFuture<Integer>> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      readers.add(
          CompletableFuture.supplyAsync(
              () -> {
                int whole = 0;
                for (int k = 0; k < 200_000; k++) {
                  float[][] read = ValueSlab.read(held.get(k % 8), 2);
                  if (read == null) {
                    continue;
                  }
                  whole++;
                  for (float[] column : read) {
                    for (float value : column) {
                      if (value != read[0][0]) {
                        torn.set(java.util.Arrays.deepToString(read));
                      }
                    }
                  }
                }
                return whole;
              }));
    }
    writer.get();
    for (CompletableFuture<Integer> reader : readers) {
      reader.get();
    }
    assertThat(torn.get()).isNull();
    // Once the writer is done, every slot holds its last block whole.
    for (int i = 0; i < 8; i++) {
      float n = 199_992 + i;
      assertThat(ValueSlab.read(held.get(i), 2)).isDeepEqualTo(filled(n));
    }
  }
}
