package dev.spotcast.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdksTest {

  @TempDir
  Path dir;

  @Test
  void readsFeatureVersionFromReleaseFile() throws IOException {
    assertThat(Jdks.inspect(fakeJdk("jdk25", "25.0.3"))).map(Jdk::featureVersion).contains(25);
    assertThat(Jdks.inspect(fakeJdk("jdk21", "21"))).map(Jdk::featureVersion).contains(21);
    assertThat(Jdks.inspect(fakeJdk("jdk8", "1.8.0_412"))).map(Jdk::featureVersion).contains(8);
  }

  @Test
  void aDirectoryWithoutReleaseFileOrJavaIsNoJdk() throws IOException {
    Path noRelease = Files.createDirectories(dir.resolve("no-release/bin"));
    Files.createFile(noRelease.resolve("java"));
    Path noJava = Files.createDirectories(dir.resolve("no-java"));
    Files.writeString(noJava.resolve("release"), "JAVA_VERSION=\"21.0.1\"\n");

    assertThat(Jdks.inspect(dir.resolve("no-release"))).isEmpty();
    assertThat(Jdks.inspect(noJava)).isEmpty();
  }

  @Test
  void prefersEsJavaHomeThenJavaHomeThenTheRunningJvm() throws IOException {
    Path esJavaHome = fakeJdk("es", "21.0.4");
    Path javaHome = fakeJdk("java-home", "25.0.1");
    Path running = fakeJdk("running", "22");

    Jdks all = new Jdks(Map.of("ES_JAVA_HOME", esJavaHome.toString(), "JAVA_HOME", javaHome.toString()), running,
        List.of());
    Jdks withoutEsJavaHome = new Jdks(Map.of("JAVA_HOME", javaHome.toString()), running, List.of());
    Jdks onlyRunning = new Jdks(Map.of(), running, List.of());

    assertThat(all.require(21).home()).isEqualTo(esJavaHome);
    assertThat(withoutEsJavaHome.require(21).home()).isEqualTo(javaHome);
    assertThat(onlyRunning.require(21).home()).isEqualTo(running);
  }

  @Test
  void skipsTooOldCandidatesAndPicksTheNewestInstalledJdk() throws IOException {
    Path installed = Files.createDirectories(dir.resolve("usr-lib-jvm"));
    Path java17 = fakeJdk("usr-lib-jvm/java-17-openjdk-amd64", "17.0.15");
    fakeJdk("usr-lib-jvm/java-21-openjdk-amd64", "21.0.8");
    Path java25 = fakeJdk("usr-lib-jvm/temurin-25-jdk-amd64", "25.0.3");
    Files.createSymbolicLink(installed.resolve("default-java"), java17);

    Jdks jdks = new Jdks(Map.of("JAVA_HOME", java17.toString()), java17, List.of(installed, dir.resolve("opt")));

    assertThat(jdks.require(21)).isEqualTo(new Jdk(java25, 25));
  }

  @Test
  void failsWithEverythingItLookedAt() throws IOException {
    Path java17 = fakeJdk("java-17", "17.0.15");
    Jdks jdks = new Jdks(Map.of(), java17, List.of(dir.resolve("missing")));

    assertThatThrownBy(() -> jdks.require(21))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("No JDK 21+ found")
        .hasMessageContaining("ES_JAVA_HOME (unset)")
        .hasMessageContaining("java.home " + java17 + " (Java 17)")
        .hasMessageContaining(dir.resolve("missing") + " (missing)");
  }

  private Path fakeJdk(String name, String version) throws IOException {
    Path home = Files.createDirectories(dir.resolve(name));
    Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\nOS_NAME=\"Linux\"\n");
    Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
    Files.createFile(java, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    return home;
  }
}
