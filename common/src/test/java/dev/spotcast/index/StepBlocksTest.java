package dev.spotcast.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Documents of a block of steps: packed values, their JSON, and how a run is cut into blocks,
 * worked out by hand.
 */
class StepBlocksTest {

  @Test
  void valuesArePackedAsLittleEndianFloatsAndBack() {
    float[] values = {9f, 1f, 2f, Float.NaN, 9f};
    byte[] packed = StepBlocks.pack(values, 1, 3);
    // 1.0f = 0x3F800000, 2.0f = 0x40000000, NaN = 0x7FC00000, low byte first.
    assertThat(packed).containsExactly(0, 0, -128, 63, 0, 0, 0, 64, 0, 0, -64, 127);
    float[] back = StepBlocks.unpack(packed);
    assertThat(back[0]).isEqualTo(1f);
    assertThat(back[1]).isEqualTo(2f);
    assertThat(back[2]).isNaN();
  }

  @Test
  void aParameterMissingAtEveryStepIsNotPacked() {
    assertThat(StepBlocks.pack(new float[] {Float.NaN, Float.NaN}, 0, 2)).isNull();
    assertThatThrownBy(() -> StepBlocks.unpack(new byte[5]))
        .hasMessageContaining("not whole 4-byte numbers");
  }

  @Test
  void aBlockDocumentWritesEachParameterAsBase64() throws Exception {
    // t at two steps (1, 2), u missing at both, v missing at the second.
    ForecastDocument doc =
        new ForecastDocument(
            7,
            45.0,
            5.0,
            500,
            6,
            new String[] {"t", "u", "v"},
            new float[] {1f, 2f, Float.NaN, Float.NaN, 2f, Float.NaN},
            2);
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = new JsonFactory().createGenerator(out)) {
      doc.writeTo(gen);
    }
    // 1.0f, 2.0f: 00 00 80 3F 00 00 00 40 -> "AACAPwAAAEA="; 2.0f, NaN: 00 00 00 40 00 00 C0 7F.
    assertThat(out.toString())
        .isEqualTo(
            "{\"loc\":[5.0,45.0],\"lvl\":500,\"step\":6,\"gp\":7,"
                + "\"v\":{\"t\":\"AACAPwAAAEA=\",\"v\":\"AAAAQAAAwH8=\"}}");
    assertThat(doc.id()).isEqualTo("500_6_7");
  }

  @Test
  void aDocumentNeedsAValueForEveryParameterAtEveryStep() {
    assertThatThrownBy(
            () -> new ForecastDocument(0, 0, 0, 0, 0, new String[] {"t"}, new float[3], 2))
        .hasMessageContaining("3 values for 1 parameters at 2 steps");
  }

  private static ForecastRun run(ShardingSpec sharding, int steps) {
    return ForecastRun.of(
        "m",
        Instant.parse("2026-11-24T00:00:00Z"),
        RegularLatLonGrid.covering(0, 0, 2, 3, 1),
        LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0, 500.0),
        java.util.stream.IntStream.range(0, steps).map(s -> 3 * s).boxed().toList(),
        SyntheticWeather.PARAMETERS,
        sharding);
  }

  @Test
  void aRunIsCutIntoBlocksTheLastOneShort() {
    ForecastRun run = run(ShardingSpec.DEFAULT.withStepsPerDocument(4), 10);
    assertThat(run.stepsPerDocument()).isEqualTo(4);
    assertThat(run.blockCount()).isEqualTo(3); // 0-3, 4-7, 8-9
    assertThat(run.blockStart(5)).isEqualTo(4);
    assertThat(run.blockLength(8)).isEqualTo(2);
    assertThat(run.stepPosition(27)).isEqualTo(9);
    assertThat(run.stepPosition(4)).isNegative();
    // 3 x 4 points, 2 levels, 3 blocks.
    assertThat(run.documentCount()).isEqualTo(12L * 2 * 3);
    assertThat(run(ShardingSpec.DEFAULT.withStepsPerDocument(1), 10).documentCount())
        .isEqualTo(12L * 2 * 10);
  }

  @Test
  void everyStepInOneDocumentIsRecordedAsTheRunsSteps() {
    assertThat(ShardingSpec.DEFAULT.stepsPerDocument()).isEqualTo(ShardingSpec.ALL_STEPS);
    ForecastRun run = run(ShardingSpec.DEFAULT.withStepsPerDocument(ShardingSpec.ALL_STEPS), 10);
    assertThat(run.sharding().stepsPerDocument()).isEqualTo(10);
    assertThat(run.blockCount()).isEqualTo(1);
    assertThat(run.documentCount()).isEqualTo(24);
  }

  @Test
  void aBlockNeverSpansTwoIndices() {
    assertThatThrownBy(() -> new ShardingSpec(3, 6, 2, 10, ShardingSpec.Routing.TILE, 4))
        .hasMessageContaining("4 does not divide 6");
    assertThat(new ShardingSpec(3, 6, 2, 10, ShardingSpec.Routing.TILE, 3).stepsPerDocument())
        .isEqualTo(3);
    assertThatThrownBy(() -> new ShardingSpec(3, 0, 2, 10, ShardingSpec.Routing.TILE, -1))
        .hasMessageContaining("steps-per-document must be >= 1");
    // Every step of an index's band of 6.
    assertThat(
            new ShardingSpec(3, 6, 2, 10, ShardingSpec.Routing.TILE, ShardingSpec.ALL_STEPS)
                .stepsPerDocument())
        .isEqualTo(6);
    // Records stored before documents carried blocks read 0: one step each.
    assertThat(new ShardingSpec(3, 0, 2, 10, ShardingSpec.Routing.TILE, 0).stepsPerDocument())
        .isEqualTo(1);
  }
}
