package dev.spotcast.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmOptionsFileTest {

  @TempDir Path dir;

  @Test
  void aModulesOptionsFileBesideItsTargetIsPassedAsAnArgumentFile() throws IOException {
    Path module = Files.createDirectories(dir.resolve("query-service"));
    Path jar = Files.createDirectories(module.resolve("target")).resolve("service-exec.jar");
    Files.writeString(module.resolve("jvm.options"), "-XX:+UseParallelGC\n");

    assertThat(JvmOptionsFile.argumentsFor(jar, List.of("-Xmx1g")))
        .containsExactly("@" + module.resolve("jvm.options").toAbsolutePath());
  }

  @Test
  void noFileNoArguments() throws IOException {
    Path jar =
        Files.createDirectories(dir.resolve("ingestor-service/target")).resolve("service-exec.jar");

    assertThat(JvmOptionsFile.argumentsFor(jar, List.of())).isEmpty();
    assertThat(JvmOptionsFile.argumentsFor(Path.of("/service-exec.jar"), List.of())).isEmpty();
  }

  @Test
  void optionsThatChooseACollectorReplaceTheFile() throws IOException {
    Path module = Files.createDirectories(dir.resolve("query-service"));
    Path jar = Files.createDirectories(module.resolve("target")).resolve("service-exec.jar");
    Files.writeString(module.resolve("jvm.options"), "-XX:+UseParallelGC\n");

    assertThat(JvmOptionsFile.argumentsFor(jar, List.of("-Xmx1g", "-XX:+UseG1GC"))).isEmpty();
    assertThat(JvmOptionsFile.choosesCollector("-XX:+UseZGC")).isTrue();
    assertThat(JvmOptionsFile.choosesCollector("-XX:+UseCompressedOops")).isFalse();
  }
}
