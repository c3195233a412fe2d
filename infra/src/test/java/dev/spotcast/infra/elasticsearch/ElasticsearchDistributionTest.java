package dev.spotcast.infra.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElasticsearchDistributionTest {

  @TempDir Path dir;

  @Test
  void unpacksWithScriptsExecutableAndEverythingReadable() throws IOException {
    Path home = ElasticsearchDistribution.unpackOnce(fakeDistribution(), dir.resolve("base"));

    assertThat(home).isEqualTo(dir.resolve("base/elasticsearch-1.2.3"));
    assertThat(home.resolve("config/elasticsearch.yml")).hasContent("# stock");
    assertThat(permissions(home.resolve("bin/elasticsearch"))).isEqualTo("rwxr-xr-x");
    assertThat(permissions(home.resolve("config/elasticsearch.yml"))).isEqualTo("rw-r--r--");
    assertThat(permissions(home.resolve("config"))).isEqualTo("rwxr-xr-x");
    assertThat(permissions(home.resolve("lib/platform/linux-x64"))).isEqualTo("rwxr-xr-x");
  }

  @Test
  void unpacksOnlyOnce() throws IOException {
    Path zip = fakeDistribution();
    Path home = ElasticsearchDistribution.unpackOnce(zip, dir.resolve("base"));
    Files.writeString(home.resolve("marker"), "first unpack");

    assertThat(ElasticsearchDistribution.unpackOnce(zip, dir.resolve("base"))).isEqualTo(home);
    assertThat(home.resolve("marker")).exists();
  }

  @Test
  void racingUnpacksAgreeAndLeaveNoStagingBehind() throws Exception {
    Path zip = fakeDistribution();
    Path base = dir.resolve("base");
    Callable<Path> unpack = () -> ElasticsearchDistribution.unpackOnce(zip, base);
    List<Path> homes;
    try (ExecutorService threads = Executors.newFixedThreadPool(4)) {
      List<Future<Path>> results =
          threads.invokeAll(IntStream.range(0, 4).mapToObj(i -> unpack).toList());
      homes = results.stream().map(ElasticsearchDistributionTest::get).toList();
    }

    assertThat(homes).containsOnly(base.resolve("elasticsearch-1.2.3"));
    assertThat(base.resolve("elasticsearch-1.2.3/bin/elasticsearch")).exists();
    try (Stream<Path> children = Files.list(base)) {
      assertThat(children.map(path -> path.getFileName().toString()))
          .containsExactly("elasticsearch-1.2.3");
    }
  }

  @Test
  void explainsAMissingZip() {
    assertThatIllegalStateException()
        .isThrownBy(() -> ElasticsearchDistribution.unpackOnce(dir.resolve("absent.zip"), dir))
        .withMessageContaining("absent.zip")
        .withMessageContaining("spotcast.es.distribution");
  }

  @Test
  void knowsItsVersionFromTheBuild() {
    assertThat(ElasticsearchDistribution.version()).matches("\\d+\\.\\d+\\.\\d+");
  }

  private Path fakeDistribution() throws IOException {
    Path zip = dir.resolve("elasticsearch-1.2.3.zip");
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
      out.putNextEntry(new ZipEntry("elasticsearch-1.2.3/"));
      entry(out, "elasticsearch-1.2.3/bin/elasticsearch", "#!/bin/bash\necho started\n");
      entry(out, "elasticsearch-1.2.3/config/elasticsearch.yml", "# stock");
      entry(out, "elasticsearch-1.2.3/lib/platform/linux-x64/libzstd.so", "binary");
    }
    return zip;
  }

  private static void entry(ZipOutputStream out, String name, String content) throws IOException {
    out.putNextEntry(new ZipEntry(name));
    out.write(content.getBytes(StandardCharsets.UTF_8));
    out.closeEntry();
  }

  private static String permissions(Path path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  private static Path get(Future<Path> result) {
    try {
      return result.get();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
