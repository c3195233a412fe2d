package dev.spotcast.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.spotcast.model.ShardingSpec;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A document as one column: its bytes worked out by hand, read back, and refused when cut. */
class DocumentColumnTest {

  /** Grid point 258, level 10 m, first step 6; t at 3 steps, rh missing at all of them. */
  private static final ForecastDocument DOCUMENT =
      new ForecastDocument(
          258,
          45.0,
          7.0,
          10.0,
          6,
          new String[] {"t", "rh"},
          new float[] {1f, 2f, Float.NaN, Float.NaN, Float.NaN, Float.NaN},
          3,
          ShardingSpec.EXACT_BITS,
          true);

  @Test
  void aColumnHoldsTheIdentityThenEachPresentParameterNamedAndPacked() {
    byte[] column = DocumentColumn.pack(DOCUMENT);
    assertThat(column)
        .containsExactly(
            // layout 1; point 258 = 0x0102; level 10.0 = 0x4024000000000000; step 6
            1,
            2,
            1,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            36,
            64,
            6,
            0,
            0,
            0,
            // one parameter present (rh, missing at every step, is left out)
            1,
            // "t", 12 bytes of values: 1.0f, 2.0f, NaN, low byte first
            1,
            't',
            12,
            0,
            0,
            0,
            -128,
            63,
            0,
            0,
            0,
            64,
            0,
            0,
            -64,
            127);
  }

  @Test
  void aColumnIsReadBackIntoTheWantedNamesOnly() {
    byte[] column = DocumentColumn.pack(DOCUMENT);
    DocumentColumn.Wanted wanted = new DocumentColumn.Wanted(List.of("rh", "u", "t"));
    float[][] values = new float[3][];
    DocumentColumn.Identity identity = DocumentColumn.read(column, wanted, values);
    assertThat(identity).isEqualTo(new DocumentColumn.Identity(258, 10.0, 6));
    assertThat(values[0]).as("rh: missing at every step").isNull();
    assertThat(values[1]).as("u: not in the run").isNull();
    assertThat(values[2][0]).isEqualTo(1f);
    assertThat(values[2][1]).isEqualTo(2f);
    assertThat(values[2][2]).isNaN();
    float[][] none = new float[1][];
    DocumentColumn.read(column, new DocumentColumn.Wanted(List.of("tt")), none);
    assertThat(none[0]).as("a name that only begins as one of the column's").isNull();
  }

  @Test
  void sixteenBitsArePackedAsAColumnOfItsOwnWouldBe() {
    float[] values = {10f, 20f, 15f, -1f, -1f, -1f};
    ForecastDocument document =
        new ForecastDocument(
            7, 0, 0, 850.0, 0, new String[] {"t", "u"}, values, 3, ShardingSpec.SHORT_BITS, true);
    byte[] column = DocumentColumn.pack(document);
    byte[] t = StepBlocks.pack(values, 0, 3, ShardingSpec.SHORT_BITS);
    byte[] u = StepBlocks.pack(values, 3, 3, ShardingSpec.SHORT_BITS);
    assertThat(t).hasSize(9 + 6);
    assertThat(column).hasSize(18 + (1 + 1 + 2 + 15) * 2);
    assertThat(Arrays.copyOfRange(column, 18 + 4, 18 + 4 + 15)).isEqualTo(t);
    assertThat(Arrays.copyOfRange(column, column.length - 15, column.length)).isEqualTo(u);
    float[][] read = new float[2][];
    DocumentColumn.read(column, new DocumentColumn.Wanted(List.of("u", "t")), read);
    assertThat(read[0]).containsExactly(-1f, -1f, -1f);
    assertThat(read[1]).containsExactly(StepBlocks.unpack(t));
  }

  @Test
  void aDocumentOfOneColumnIsWrittenWithItsColumnAndNoValueFields() throws Exception {
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = new JsonFactory().createGenerator(out)) {
      DOCUMENT.writeTo(gen);
    }
    String base64 = Base64.getEncoder().encodeToString(DocumentColumn.pack(DOCUMENT));
    assertThat(out.toString())
        .isEqualTo(
            "{\"loc\":[7.0,45.0],\"lvl\":10,\"step\":6,\"gp\":258,\"dc\":\"" + base64 + "\"}");
  }

  @Test
  void aColumnCutShortOrOfAnotherLayoutIsRefused() {
    byte[] column = DocumentColumn.pack(DOCUMENT);
    DocumentColumn.Wanted wanted = new DocumentColumn.Wanted(List.of("t"));
    assertThatThrownBy(
            () ->
                DocumentColumn.read(
                    Arrays.copyOf(column, column.length - 1), wanted, new float[1][]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cut short");
    assertThatThrownBy(() -> DocumentColumn.read(Arrays.copyOf(column, 20), wanted, new float[1][]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cut short");
    byte[] other = column.clone();
    other[0] = 2;
    assertThatThrownBy(() -> DocumentColumn.read(other, wanted, new float[1][]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not layout 1");
  }
}
