package dev.spotcast.ingest.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingestor.source.ForecastSource.Slice;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkPlannerTest {

  private static List<Slice> slices(int count, int documents) {
    List<Slice> slices = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      slices.add(new Slice(0, i % 3, i / 3, 0, documents, documents));
    }
    return slices;
  }

  @Test
  void everySliceIsInExactlyOneChunkInOrder() {
    List<Slice> slices = slices(30, 1_000);

    List<List<SliceRef>> chunks = new ChunkPlanner(2_500, 1).plan(slices);

    assertThat(chunks.stream().flatMap(List::stream).map(SliceRef::toSlice).toList())
        .isEqualTo(slices);
    assertThat(chunks)
        .allSatisfy(
            c ->
                assertThat(c.stream().mapToLong(SliceRef::documents).sum())
                    .isLessThanOrEqualTo(2_500));
    assertThat(chunks).hasSize(15);
  }

  @Test
  void aSmallRunIsStillCutIntoAtLeastMinChunksWhenItsSlicesAllow() {
    List<List<SliceRef>> chunks = new ChunkPlanner(1_000_000, 16).plan(slices(64, 1_000));

    assertThat(chunks).hasSize(16);
  }

  @Test
  void aSliceLargerThanTheBudgetIsAChunkOfItsOwn() {
    List<List<SliceRef>> chunks = new ChunkPlanner(100, 1).plan(slices(3, 1_000));

    assertThat(chunks).hasSize(3).allSatisfy(c -> assertThat(c).hasSize(1));
  }
}
