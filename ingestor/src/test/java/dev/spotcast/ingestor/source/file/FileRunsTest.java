package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.index.ForecastDocument;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.IrregularGrid;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.model.ShardingSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How the fields of several files become runs, and what a run's documents hold. */
class FileRunsTest {

  private final List<ForecastFile> open = new ArrayList<>();

  @AfterEach
  void close() {
    open.forEach(ForecastFile::close);
  }

  private List<FieldRef> fields(String... names) throws Exception {
    List<FieldRef> fields = new ArrayList<>();
    for (String name : names) {
      ForecastFile file = ForecastFiles.open(Samples.file(name));
      open.add(file);
      fields.addAll(file.fields());
    }
    return fields;
  }

  @Test
  void filesOfOneReferenceTimeFormOneRunWithOneAxisPerLevelType() throws Exception {
    // Both files hold 2017-10-18 12 UTC on the same 5 degree grid; the hybrid field is not a field.
    List<FileForecastSource> runs =
        FileRuns.assemble(
            "m",
            fields("uv_on_different_levels.grib", "t_on_different_level_types.grib"),
            Set.of(),
            ShardingSpec.DEFAULT);

    assertThat(runs).hasSize(1);
    ForecastRun run = runs.getFirst().run();
    assertThat(run.model()).isEqualTo("m");
    assertThat(run.runTime()).isEqualTo(Instant.parse("2017-10-18T12:00:00Z"));
    assertThat(run.steps()).containsExactly(0, 6, 12);
    assertThat(run.axes()).hasSize(1);
    LevelAxis isobaric = run.axes().getFirst();
    assertThat(isobaric.type()).isEqualTo(LevelType.ISOBARIC);
    assertThat(isobaric.levels()).containsExactly(100.0, 400.0, 500.0, 700.0, 850.0, 1000.0);
    assertThat(isobaric.parameters()).extracting(Parameter::name).containsExactly("u", "v", "t");
    assertThat(run.grid()).isEqualTo(new RegularLatLonGrid(90, 0, -5, 5, 37, 72));
    assertThat(runs.getFirst().fieldCount()).isEqualTo(17);
  }

  @Test
  void differentReferenceTimesAndEnsembleMembersAreDifferentRuns() throws Exception {
    List<FileForecastSource> runs =
        FileRuns.assemble(
            "m",
            fields("uv_on_different_levels.grib", "regular_ll_msl.grib"),
            Set.of(),
            ShardingSpec.DEFAULT);

    assertThat(runs)
        .extracting(s -> s.run().model() + " " + s.run().runId())
        .containsExactly("m_m5 2006100400", "m 2017101812");
    assertThat(runs.getFirst().run().axes())
        .extracting(LevelAxis::type)
        .containsExactly(LevelType.MEAN_SEA_LEVEL);
    assertThat(
            FileRuns.assemble("m", fields("regular_ll_msl.grib"), Set.of(3), ShardingSpec.DEFAULT))
        .as("member 5 is not among the members asked for")
        .isEmpty();
  }

  @Test
  void aRunMixingGridsOrGivingAFieldTwiceIsRefused() throws Exception {
    // reduced_gg.grib has the u/v sample's reference time but another grid.
    assertThatThrownBy(
            () ->
                FileRuns.assemble(
                    "m",
                    fields("uv_on_different_levels.grib", "reduced_gg.grib"),
                    Set.of(),
                    ShardingSpec.DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("mixes grids")
        .hasMessageContaining("reduced_gg");
    assertThatThrownBy(
            () ->
                FileRuns.assemble(
                    "m",
                    fields("reduced_gg.grib", "reduced_gg.grib"),
                    Set.of(),
                    ShardingSpec.DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the same field is given twice");
  }

  @Test
  void documentsCarryTheFieldsValuesAndLeaveMissingOnesOut() throws Exception {
    FileForecastSource source =
        FileRuns.assemble(
                "m",
                fields("uv_on_different_levels.grib"),
                Set.of(),
                ShardingSpec.DEFAULT.withStepsPerDocument(1))
            .getFirst();
    ForecastRun run = source.run();
    // 850 hPa at step 6: u exists there, v does not (the file has v on 3 of the 5 levels only).
    int level850 = run.axes().getFirst().levels().indexOf(850.0);
    ForecastSource.Slice slice =
        source.slices().stream()
            .filter(s -> s.levelPosition() == level850 && s.stepPosition() == 0)
            .findFirst()
            .orElseThrow();
    List<ForecastDocument> docs = new ArrayList<>();
    source.produce(slice, (a, l, s, d) -> docs.add(d));

    assertThat(docs).hasSize(72 * 37);
    ForecastDocument first = docs.getFirst();
    assertThat(first.level()).isEqualTo(850.0);
    assertThat(first.step()).isEqualTo(6);
    assertThat(first.lat()).isEqualTo(90.0);
    assertThat(first.parameterNames()).containsExactly("u", "v");
    assertThat(first.values()[1]).as("v at 850 hPa").isNaN();
    // u at 850 hPa, step 6, point 0, as ecCodes reads it (uv_on_different_levels.reference.csv,
    // message 1).
    assertThat(first.values()[0]).isEqualTo(-3.1273193359375f);
  }

  @Test
  void aProjectedGridIsKeptAsItsPointsNotAsABox() throws Exception {
    ForecastRun run =
        FileRuns.assemble("m", fields("lambert_grid.grib"), Set.of(), ShardingSpec.DEFAULT)
            .getFirst()
            .run();

    assertThat(run.grid()).isInstanceOf(IrregularGrid.class);
    IrregularGrid grid = (IrregularGrid) run.grid();
    assertThat(grid.kind()).isEqualTo("lambert");
    assertThat(grid.pointCount()).isEqualTo(475 * 475);
    assertThat(grid.maxSpacingKm()).isBetween(2.0, 4.0);
  }
}
