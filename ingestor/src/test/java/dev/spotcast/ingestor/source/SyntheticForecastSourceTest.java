package dev.spotcast.ingestor.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.index.ForecastDocument;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.synthetic.SyntheticWeather;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SyntheticForecastSourceTest {

  private final ForecastRun run =
      ForecastRun.of(
          "m",
          Instant.parse("2026-11-21T00:00:00Z"),
          RegularLatLonGrid.covering(-90, -180, 90, 180, 1),
          LevelType.HEIGHT_ABOVE_GROUND,
          List.of(0.0, 1000.0),
          List.of(0, 6),
          SyntheticWeather.PARAMETERS,
          ShardingSpec.DEFAULT.withStepsPerDocument(1));

  @Test
  void slicesCoverEveryDocumentOnce() {
    List<ForecastSource.Slice> slices = new SyntheticForecastSource(run, 1).slices();
    assertThat(slices.stream().mapToLong(ForecastSource.Slice::documents).sum())
        .isEqualTo(run.documentCount());
    // 65,160 points in slices of 20,000: 4 per level and step
    assertThat(slices).hasSize(4 * 2 * 2);
  }

  @Test
  void documentsCarryTheModelsValues() throws Exception {
    SyntheticForecastSource source = new SyntheticForecastSource(run, 1);
    SyntheticWeather weather = new SyntheticWeather(1);
    List<ForecastDocument> docs = new ArrayList<>();
    source.produce(new ForecastSource.Slice(0, 1, 1, 100, 103, 3), (a, l, s, d) -> docs.add(d));
    assertThat(docs).hasSize(3);
    ForecastDocument doc = docs.get(0);
    assertThat(doc.point()).isEqualTo(100);
    assertThat(doc.level()).isEqualTo(1000);
    assertThat(doc.step()).isEqualTo(6);
    assertThat(doc.lat()).isEqualTo(-90);
    assertThat(doc.lon()).isEqualTo(-80);
    long validTime = Instant.parse("2026-11-21T06:00:00Z").getEpochSecond();
    assertThat(doc.values()[0]).isEqualTo((float) weather.value("t", -90, -80, 1000, validTime));
    assertThat(doc.values()[4]).isEqualTo((float) weather.value("pres", -90, -80, 1000, validTime));
  }

  @Test
  void aDocumentOfABlockCarriesEachParameterAtEachOfItsSteps() throws Exception {
    ForecastRun blocks =
        ForecastRun.of(
            "m",
            Instant.parse("2026-11-21T00:00:00Z"),
            RegularLatLonGrid.covering(-90, -180, 90, 180, 1),
            LevelType.HEIGHT_ABOVE_GROUND,
            List.of(0.0, 1000.0),
            List.of(0, 6, 12),
            SyntheticWeather.PARAMETERS,
            ShardingSpec.DEFAULT.withStepsPerDocument(2));
    SyntheticForecastSource source = new SyntheticForecastSource(blocks, 1);
    // Blocks 0-6 and 12; slices of 10,000 points (20,000 / 2 steps): 7 per level and block.
    assertThat(source.slices()).extracting(ForecastSource.Slice::stepPosition).containsOnly(0, 2);
    assertThat(source.slices()).hasSize(7 * 2 * 2);
    assertThat(source.slices().stream().mapToLong(ForecastSource.Slice::documents).sum())
        .isEqualTo(blocks.documentCount())
        .isEqualTo(65_160L * 2 * 2);

    SyntheticWeather weather = new SyntheticWeather(1);
    List<ForecastDocument> docs = new ArrayList<>();
    source.produce(new ForecastSource.Slice(0, 1, 0, 100, 101, 1), (a, l, s, d) -> docs.add(d));
    ForecastDocument doc = docs.getFirst();
    assertThat(doc.step()).isEqualTo(0);
    assertThat(doc.steps()).isEqualTo(2);
    long at6 = Instant.parse("2026-11-21T06:00:00Z").getEpochSecond();
    // t (parameter 0) at 0 and 6 h, then the next parameter.
    assertThat(doc.values()[1]).isEqualTo((float) weather.value("t", -90, -80, 1000, at6));
    assertThat(doc.values()[2 * 4 + 1])
        .isEqualTo((float) weather.value("pres", -90, -80, 1000, at6));
    docs.clear();
    source.produce(new ForecastSource.Slice(0, 0, 2, 0, 1, 1), (a, l, s, d) -> docs.add(d));
    assertThat(docs.getFirst().steps()).as("the last block: 12 h alone").isEqualTo(1);
  }

  @Test
  void aRunWithTerrainCarriesItOnTheSurfaceAndItsWeatherStandsOnIt() throws Exception {
    ForecastRun withTerrain =
        SyntheticForecastSource.withTerrain(
            "m",
            Instant.parse("2026-11-21T00:00:00Z"),
            RegularLatLonGrid.covering(44, 2, 46, 4, 1),
            List.of(2.0),
            List.of(0, 6),
            SyntheticWeather.PARAMETERS,
            ShardingSpec.DEFAULT.withStepsPerDocument(1));
    SyntheticForecastSource source = new SyntheticForecastSource(withTerrain, 1);
    // 9 points x (1 height + 1 surface) x 2 steps, one document per step
    assertThat(withTerrain.documentCount()).isEqualTo(36);
    assertThat(source.slices().stream().mapToLong(ForecastSource.Slice::documents).sum())
        .isEqualTo(36);

    List<ForecastDocument> surface = new ArrayList<>();
    source.produce(new ForecastSource.Slice(1, 0, 1, 4, 5, 1), (a, l, s, d) -> surface.add(d));
    ForecastDocument ground = surface.getFirst();
    assertThat(ground.lat()).isEqualTo(45);
    assertThat(ground.lon()).isEqualTo(3);
    assertThat(ground.parameterNames()).containsExactly("orog", "lsm");
    // continentality at 45N 3E: 0.6 sin(2 x 3deg + 1) cos 45deg + 0.4 sin(3 x 3deg - 0.5) sin(90deg
    // + 0.3) - 0.1 = 0.1505
    double phi = Math.toRadians(45);
    double lambda = Math.toRadians(3);
    double c =
        0.6 * Math.sin(2 * lambda + 1) * Math.cos(phi)
            + 0.4 * Math.sin(3 * lambda - 0.5) * Math.sin(2 * phi + 0.3)
            - 0.1;
    assertThat(c).as("a place inland, below the highest peaks").isBetween(0.125, 0.8);
    assertThat(ground.values()[0]).isEqualTo((float) (3000 * c / 0.8));
    assertThat(ground.values()[1]).isEqualTo(1f);

    List<ForecastDocument> air = new ArrayList<>();
    source.produce(new ForecastSource.Slice(0, 0, 1, 4, 5, 1), (a, l, s, d) -> air.add(d));
    long validTime = Instant.parse("2026-11-21T06:00:00Z").getEpochSecond();
    assertThat(air.getFirst().values()[0])
        .isEqualTo(
            (float) new SyntheticWeather(1).value("t", 45, 3, 3000 * c / 0.8 + 2, validTime));
  }
}
