package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading leaves nothing next to the input files (no .gbx9 / .ncx / .idx index files or other
 * droppings).
 */
class IndexFilesTest {

  @TempDir Path dir;

  @Test
  void readingWritesNothingNextToTheInput() throws Exception {
    List<String> names =
        List.of(
            "uv_on_different_levels.grib",
            "uv_on_different_levels.nc",
            "regular_ll_msl.grib",
            "t_on_different_level_types.grib",
            "reduced_gg.grib",
            "grid_ccsds_ed2.grib",
            "grid_second_order_ed1.grib");
    for (String name : names) {
      Files.copy(Samples.file(name), dir.resolve(name));
    }
    for (String name : names) {
      try (ForecastFile file = ForecastFiles.open(dir.resolve(name))) {
        for (FieldRef field : file.fields()) {
          field.read();
        }
      }
    }
    assertThat(list(dir)).containsExactlyInAnyOrderElementsOf(names);
  }

  private static List<String> list(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).toList();
    }
  }
}
