package dev.spotcast.ingest.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Job paths stay inside the data roots: {@code ..}, absolute names elsewhere, links pointing out
 * and globs leading out are refused with the same words whether the target exists or not.
 */
class DataRootsTest {

  @TempDir Path tmp;
  private Path root;
  private Path outside;
  private DataRoots roots;

  @BeforeEach
  void layout() throws IOException {
    root = Files.createDirectories(tmp.resolve("data"));
    outside = Files.createDirectories(tmp.resolve("secret"));
    Files.writeString(outside.resolve("passwd.grib2"), "root:x:0:0:root:/root:/bin/bash\n");
    Files.createDirectories(root.resolve("gfs/2026010100"));
    Files.writeString(root.resolve("gfs/2026010100/a.grib2"), "a");
    Files.writeString(root.resolve("gfs/2026010100/b.grib2"), "b");
    Files.createSymbolicLink(
        root.resolve("gfs/2026010100/link.grib2"), outside.resolve("passwd.grib2"));
    Files.createSymbolicLink(root.resolve("elsewhere"), outside);
    roots = new DataRoots(List.of(root), 100);
  }

  @Test
  void filesFoldersAndGlobsInsideARootAreExpanded() {
    Path run = root.resolve("gfs/2026010100");
    assertThat(roots.expand(List.of(run + "/a.grib2"))).containsExactly(run.resolve("a.grib2"));
    assertThat(roots.expand(List.of(run + "/[ab].grib2")))
        .containsExactly(run.resolve("a.grib2"), run.resolve("b.grib2"));
    // Relative to the first root; '..' that stays inside is harmless.
    assertThat(roots.expand(List.of("gfs/2026010100/../2026010100/b.grib2")))
        .containsExactly(run.resolve("b.grib2"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "../secret/passwd.grib2", // relative, climbing out
        "gfs/../../secret/passwd.grib2", // climbing out through a folder
        "elsewhere/passwd.grib2", // a link in the root to a folder outside
        "elsewhere", // the link itself, as a folder
        "elsewhere/*.grib2", // a glob under that link
        "gfs/*/../../../secret/*.grib2", // a glob whose pattern climbs out
        "../secret/*", // a glob based outside
      })
  void pathsLeadingOutAreRefused(String argument) {
    assertThatThrownBy(() -> roots.expand(List.of(argument)))
        .isInstanceOf(InvalidJobException.class)
        .hasMessageStartingWith(argument + ": ")
        .hasMessageNotContaining("root:x");
  }

  @Test
  void absolutePathsOutsideTheRootsAreRefusedAlikeWhetherTheyExistOrNot() {
    String existing = outside.resolve("passwd.grib2").toString();
    String missing = outside.resolve("nothing.grib2").toString();
    assertThatThrownBy(() -> roots.expand(List.of(existing)))
        .hasMessage(existing + ": outside the data roots");
    assertThatThrownBy(() -> roots.expand(List.of(missing)))
        .hasMessage(missing + ": outside the data roots");
    assertThatThrownBy(() -> roots.expand(List.of("/"))).hasMessage("/: outside the data roots");
    assertThatThrownBy(() -> roots.expand(List.of("/etc/passwd")))
        .hasMessage("/etc/passwd: outside the data roots");
  }

  @Test
  void aLinkToAFileOutsideIsRefusedWhenAFolderOrGlobReachesIt() {
    String folder = root.resolve("gfs/2026010100").toString();
    assertThatThrownBy(() -> roots.expand(List.of(folder)))
        .hasMessage(folder + ": " + folder + "/link.grib2 leads outside the data roots");
    assertThatThrownBy(() -> roots.expand(List.of(folder + "/link.grib2")))
        .hasMessage(folder + "/link.grib2: outside the data roots");
  }

  @Test
  void tooManyFilesAndNoRootsAreRefused() {
    DataRoots one = new DataRoots(List.of(root), 1);
    assertThatThrownBy(() -> one.expand(List.of(root + "/gfs/2026010100/[ab].grib2")))
        .hasMessage("the paths name more than 1 files (spotcast.files.max-files)");
    assertThatThrownBy(() -> new DataRoots(List.of(), 10).expand(List.of(root + "/gfs")))
        .hasMessageContaining("no data root is configured");
  }

  @Test
  void manifestNamesStayInTheirRunFolder() {
    Path run = root.resolve("gfs/2026010100");
    assertThat(DataRoots.withinFolder(run, "a.grib2")).isEqualTo(run.resolve("a.grib2"));
    assertThat(DataRoots.withinFolder(run, "*.grib2")).isEqualTo(run.resolve("*.grib2"));
    assertThatThrownBy(() -> DataRoots.withinFolder(run, "../../../secret/passwd.grib2"))
        .hasMessage("../../../secret/passwd.grib2: leads outside the run folder");
    assertThatThrownBy(
            () -> DataRoots.withinFolder(run, outside.resolve("passwd.grib2").toString()))
        .hasMessageContaining("names in a manifest are relative to the run folder");
    assertThatThrownBy(() -> DataRoots.withinFolder(run, "link.grib2"))
        .hasMessage("link.grib2: leads outside the run folder");
    assertThatThrownBy(() -> DataRoots.withinFolder(run, "*/../../x.grib2"))
        .hasMessage("*/../../x.grib2: leads outside the run folder");
  }
}
