package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ucar.nc2.grib.collection.GribCollection;
import ucar.nc2.util.DiskCache2;

/**
 * Reading leaves nothing next to the input files (no .gbx9 / .ncx index files or other droppings),
 * and netCDF-Java's index cache, should anything use it, is our folder.
 */
class IndexFilesTest {

  @TempDir
  Path dir;

  @Test
  void readingWritesNothingNextToTheInput() throws Exception {
    List<String> names = List.of("uv_on_different_levels.grib", "uv_on_different_levels.nc", "regular_ll_msl.grib",
        "t_on_different_level_types.grib", "reduced_gg.grib");
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

  @Test
  void netcdfJavaIndexCacheIsOursAndAlwaysUsed() throws Exception {
    ForecastFiles.open(Samples.file("reduced_gg.grib")).close();
    DiskCache2 cache = GribCollection.getDiskCache2();
    assertThat(Path.of(cache.getRootDirectory())).isEqualTo(GribIndexCache.root());
    // Where netCDF-Java would put the index of a file in our temp dir: under the cache root.
    assertThat(cache.getFile(dir.resolve("x.grib.gbx9").toString()).toPath())
        .startsWithRaw(GribIndexCache.root());
  }

  private static List<String> list(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).toList();
    }
  }
}
