package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manifest that makes a fetch resumable trusts a file only as it was checked, across a restart;
 * the progress line's figures, worked out by hand.
 */
class ManifestAndProgressTest {

  @TempDir Path dir;

  /** SHA-256 of "GRIB....7777", by sha256sum. */
  private static final String SHA_OF_GRIB =
      "751d5fd43042ea4b8b0ccdf556dcc1e077dc71d702382f238e35341d256ba26c";

  @Test
  void aFieldIsCheckedOnlyWithItsLengthAndHashAcrossRestarts() throws Exception {
    byte[] grib = "GRIB....7777".getBytes(StandardCharsets.US_ASCII);
    Files.write(dir.resolve("f.grib2"), grib);
    String sha = FetchManifest.sha256(dir.resolve("f.grib2"));
    assertThat(sha).isEqualTo(SHA_OF_GRIB);
    FetchManifest manifest = FetchManifest.open(dir);
    assertThat(manifest.checked("f.grib2")).as("not recorded yet").isFalse();
    manifest.record("f.grib2", new FetchManifest.Entry(12, sha, "http://x/f bytes=0+12"));

    FetchManifest reopened = FetchManifest.open(dir);
    assertThat(reopened.checked("f.grib2")).isTrue();
    assertThat(reopened.entries()).containsKey("f.grib2");
    // Same length, other bytes: fetched again.
    Files.write(dir.resolve("f.grib2"), "GRIB...!7777".getBytes(StandardCharsets.US_ASCII));
    assertThat(FetchManifest.open(dir).checked("f.grib2")).isFalse();
    // Gone: fetched again.
    Files.delete(dir.resolve("f.grib2"));
    assertThat(FetchManifest.open(dir).checked("f.grib2")).isFalse();
  }

  @Test
  void aDamagedManifestSaysHowToStartOver() throws Exception {
    Files.writeString(dir.resolve(FetchManifest.FILE_NAME), "{not json");
    assertThatThrownBy(() -> FetchManifest.open(dir))
        .hasMessageContaining("delete it to fetch everything again");
  }

  @Test
  void progressLine() {
    // 3 of 12 fields (1 missing) in 4 s: 1 s a field, 8 left; 2,000,000 bytes: 0.5 MB/s.
    FetchProgress progress = new FetchProgress(12, 3, 1, 2_000_000, 2, Duration.ofSeconds(4));
    assertThat(progress.bytesPerSecond()).isEqualTo(500_000);
    assertThat(progress.eta()).isEqualTo(Duration.ofSeconds(8));
    assertThat(progress.line())
        .isEqualTo("3 / 12 fields  2.0 MB  0.5 MB/s  ETA 8s  retries 2  MISSING 1");
    assertThat(new FetchProgress(5, 0, 0, 0, 0, Duration.ZERO).line())
        .isEqualTo("0 / 5 fields  0.0 MB  0.0 MB/s  ETA -");
  }
}
