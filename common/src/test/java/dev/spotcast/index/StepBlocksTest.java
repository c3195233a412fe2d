package dev.spotcast.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.Base64;
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
  void sixteenBitsPackOffsetsFromTheSmallestValueInStepsOfTheRangeOver65534() {
    // 10, 20, NaN, 12.5: reference 10, step 10 / 65534; 12.5 is 2.5 / step = 16383.5 steps up,
    // rounded half up to 16384; 20 is the last offset, 65534; NaN is 65535.
    float[] values = {10f, 20f, Float.NaN, 12.5f};
    byte[] packed = StepBlocks.pack(values, 0, 4, ShardingSpec.SHORT_BITS);
    assertThat(packed).hasSize(1 + 4 + 4 + 4 * 2);
    assertThat(packed[0]).isEqualTo((byte) 16);
    ByteBuffer bytes = ByteBuffer.wrap(packed, 1, packed.length - 1).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(bytes.getFloat()).isEqualTo(10f);
    float step = bytes.getFloat();
    assertThat(step).isEqualTo((float) (10.0 / 65534));
    assertThat(bytes.getShort() & 0xFFFF).isZero();
    assertThat(bytes.getShort() & 0xFFFF).isEqualTo(65534);
    assertThat(bytes.getShort() & 0xFFFF).isEqualTo(65535);
    assertThat(bytes.getShort() & 0xFFFF).isEqualTo(16384);

    float[] back = StepBlocks.unpack(packed);
    assertThat(back[0]).as("the smallest value comes back exactly").isEqualTo(10f);
    assertThat(back[1]).isCloseTo(20f, within(1e-5f));
    assertThat(back[2]).isNaN();
    // 10 + 16384 * step = 12.50019..., half a step (7.6e-5) above 12.5 at most.
    assertThat((double) back[3]).isCloseTo(10 + 16384 * (double) step, within(1e-6));
    assertThat(Math.abs(back[3] - 12.5f)).isLessThanOrEqualTo(step / 2 + Math.ulp(12.5f));
  }

  @Test
  void sixteenBitsKeepAConstantSeriesAndAZeroOfPrecipitationExact() {
    float[] still = {0.25f, 0.25f, 0.25f};
    assertThat(StepBlocks.unpack(StepBlocks.pack(still, 0, 3, ShardingSpec.SHORT_BITS)))
        .containsExactly(0.25f, 0.25f, 0.25f);
    float[] rain = {0f, 0f, 3.7f, 12.1f};
    float[] back = StepBlocks.unpack(StepBlocks.pack(rain, 0, 4, ShardingSpec.SHORT_BITS));
    assertThat(back[0]).isZero();
    assertThat(back[1]).isZero();
    // 12.1 mm of range: half a step is 9.2e-5 mm, far under the hundredth of a millimetre.
    assertThat(back[2]).isCloseTo(3.7f, within(1e-4f));
    assertThat(back[3]).isCloseTo(12.1f, within(1e-4f));
  }

  @Test
  void sixteenBitsComeBackWithinHalfAStepOfAWideRange() {
    // Temperatures from 220 K to 320 K: half a step is 100 / 131068 = 7.6e-4 K.
    float[] values = new float[145];
    for (int k = 0; k < values.length; k++) {
      values[k] = 220f + 100f * (float) Math.sin(k * 0.37) * (float) Math.sin(k * 0.37);
    }
    values[0] = 220f;
    values[1] = 320f;
    float[] back = StepBlocks.unpack(StepBlocks.pack(values, 0, 145, ShardingSpec.SHORT_BITS));
    for (int k = 0; k < values.length; k++) {
      assertThat(back[k]).as("step %d", k).isCloseTo(values[k], within(100f / 131068 + 3e-5f));
    }
  }

  @Test
  void aBlockHoldingAnInfiniteValueIsPackedInThirtyTwoBitsWhateverIsAsked() {
    float[] values = {1f, Float.POSITIVE_INFINITY};
    byte[] packed = StepBlocks.pack(values, 0, 2, ShardingSpec.SHORT_BITS);
    assertThat(packed).hasSize(8);
    assertThat(StepBlocks.unpack(packed)).containsExactly(1f, Float.POSITIVE_INFINITY);
  }

  @Test
  void onlyThirtyTwoAndSixteenBitsAreEncodings() {
    assertThatThrownBy(() -> StepBlocks.pack(new float[] {1f}, 0, 1, 8))
        .hasMessageContaining("must be 32 or 16, not 8");
    assertThatThrownBy(() -> StepBlocks.unpack(new byte[] {8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}))
        .hasMessageContaining("neither whole 4-byte numbers nor a 16-bit block");
    assertThatThrownBy(() -> new ShardingSpec(3, 0, 2, 10, ShardingSpec.Routing.TILE, 1, 8, false))
        .hasMessageContaining("value-bits must be 32 (exact) or 16");
    assertThat(new ShardingSpec(3, 0, 2, 10, ShardingSpec.Routing.TILE, 1, 0, false).valueBits())
        .as("a run recorded before the choice existed")
        .isEqualTo(32);
  }

  @Test
  void aBlockDocumentInSixteenBitsWritesItsOddLengthBase64() throws Exception {
    // t at two steps, 1 and 2: 10 3F800000 38800080 0000 FEFF (reference 1, step 1/65534).
    ForecastDocument doc =
        new ForecastDocument(7, 45.0, 5.0, 500, 6, new String[] {"t"}, new float[] {1f, 2f}, 2, 16);
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = new JsonFactory().createGenerator(out)) {
      doc.writeTo(gen);
    }
    byte[] expected = new byte[13];
    ByteBuffer.wrap(expected)
        .order(ByteOrder.LITTLE_ENDIAN)
        .put((byte) 16)
        .putFloat(1f)
        .putFloat((float) (1.0 / 65534))
        .putShort((short) 0)
        .putShort((short) 65534);
    assertThat(out.toString())
        .isEqualTo(
            "{\"loc\":[5.0,45.0],\"lvl\":500,\"step\":6,\"gp\":7,\"v\":{\"t\":\""
                + Base64.getEncoder().encodeToString(expected)
                + "\"}}");
  }

  @Test
  void aParameterMissingAtEveryStepIsNotPacked() {
    assertThat(StepBlocks.pack(new float[] {Float.NaN, Float.NaN}, 0, 2)).isNull();
    assertThatThrownBy(() -> StepBlocks.unpack(new byte[5]))
        .hasMessageContaining("neither whole 4-byte numbers nor a 16-bit block");
    assertThat(StepBlocks.pack(new float[] {Float.NaN}, 0, 1, ShardingSpec.SHORT_BITS)).isNull();
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
