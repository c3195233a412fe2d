package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A blend's weights by lead time and its combination of values, against hand-computed figures. */
class BlendsTest {

  private static final BlendProperties.Member ICON =
      new BlendProperties.Member("icon", Map.of("0", 0.8, "48", 0.5, "120", 0.0));

  @Test
  void weightsAreLinearBetweenPointsAndFlatBeyondThem() {
    assertThat(ICON.weightAt(-5)).isEqualTo(0.8);
    assertThat(ICON.weightAt(0)).isEqualTo(0.8);
    assertThat(ICON.weightAt(24)).isCloseTo(0.65, within(1e-12)); // 0.8 + 24/48 x (0.5 - 0.8)
    assertThat(ICON.weightAt(48)).isEqualTo(0.5);
    assertThat(ICON.weightAt(84)).isCloseTo(0.25, within(1e-12)); // 0.5 + 36/72 x (0 - 0.5)
    assertThat(ICON.weightAt(200)).isEqualTo(0.0);
    assertThat(new BlendProperties.Member("one", Map.of("12", 2.0)).weightAt(3)).isEqualTo(2.0);
  }

  private static SpotForecast answer(double t, String tUnit, double u, double v) {
    Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
    values.put("t", SpotForecast.Value.of(t, tUnit));
    values.put("u", SpotForecast.Value.of(u, "m/s"));
    values.put("v", SpotForecast.Value.of(v, "m/s"));
    SpotInterpolator.addWind(values, "u", "v", "");
    Instant run = Instant.parse("2026-11-21T00:00:00Z");
    return new SpotForecast(
        "m", run, run, 45, 5, 2.0, null, "idw", values, List.of(), List.of(), List.of());
  }

  @Test
  void valuesAreWeightedMeansAndWindIsDerivedFromTheBlendedComponents() {
    Map<String, SpotForecast.Value> blended =
        Blends.blendValues(
            List.of(answer(280, "K", 3, 0), answer(290, "K", -3, 0)), List.of(1.0, 3.0));

    assertThat(blended.get("t").value()).isCloseTo(287.5, within(1e-12)); // (1 x 280 + 3 x 290) / 4
    assertThat(blended.get("u").value()).isCloseTo(-1.5, within(1e-12)); // (3 - 9) / 4
    assertThat(blended.get("v").value()).isCloseTo(0, within(1e-12));
    // From the blended u and v, not the mean of the speeds (3 m/s) or of the directions (270 and
    // 90).
    assertThat(blended.get("wind_speed").value()).isCloseTo(1.5, within(1e-12));
    assertThat(blended.get("wind_direction").value())
        .isCloseTo(90, within(1e-9)); // u < 0: from the east
  }

  @Test
  void aMemberWithoutWeightOrInAnotherUnitTakesNoPart() {
    Map<String, SpotForecast.Value> blended =
        Blends.blendValues(
            List.of(answer(280, "K", 1, 1), answer(10, "°C", 5, 5), answer(300, "K", 9, 9)),
            List.of(1.0, 1.0, 0.0));

    assertThat(blended.get("t").value()).isEqualTo(280.0);
    assertThat(blended.get("t").unit()).isEqualTo("K");
    assertThat(blended.get("u").value())
        .isCloseTo(3, within(1e-12)); // (1 + 5) / 2, the third has no weight
  }

  @Test
  void aBadDefinitionIsRefusedAtStartNamingIt() {
    assertThatThrownBy(
            () -> new BlendProperties(Map.of("b", new BlendProperties.Blend("x", List.of()))))
        .hasMessageContaining("spotcast.query.blends.b has no members");
    assertThatThrownBy(
            () ->
                new BlendProperties(
                    Map.of(
                        "b",
                        new BlendProperties.Blend(
                            "x", List.of(new BlendProperties.Member("m", Map.of("0", -1.0)))))))
        .hasMessageContaining("weight -1.0 at 0 h");
    assertThatThrownBy(
            () ->
                new BlendProperties(
                    Map.of(
                        "b",
                        new BlendProperties.Blend(
                            "x", List.of(new BlendProperties.Member("m", Map.of("soon", 1.0)))))))
        .hasMessageContaining("'soon' is not a lead time in hours");
    assertThatThrownBy(
            () ->
                new BlendProperties(
                    Map.of(
                        "b",
                        new BlendProperties.Blend(
                            "x",
                            List.of(ICON, new BlendProperties.Member("icon", Map.of("0", 1.0)))))))
        .hasMessageContaining("names a member model twice");
  }
}
