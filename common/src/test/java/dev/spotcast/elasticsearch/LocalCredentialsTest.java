package dev.spotcast.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.elasticsearch.LocalCredentials.Role;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalCredentialsTest {

  @TempDir Path dir;

  private final ElasticsearchSettings ingest =
      ElasticsearchSettings.of("https://127.0.0.1:9200")
          .withCa(Path.of("/var/tmp/spotcast/certs/ca.crt"))
          .withBasicAuth("spotcast-ingest", "pw-of-ingest");

  @Test
  void aWrittenCredentialReadsBackAndOnlyItsOwnerCanReadIt() throws Exception {
    LocalCredentials.write(dir, Role.INGEST, ingest);

    Path file = dir.resolve("ingest.properties");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
        .isEqualTo("rwx------");
    ElasticsearchSettings read = LocalCredentials.read(dir, Role.INGEST).orElseThrow();
    assertThat(read.uris()).containsExactly(URI.create("https://127.0.0.1:9200"));
    assertThat(read.ca()).isEqualTo(Path.of("/var/tmp/spotcast/certs/ca.crt"));
    assertThat(read.username()).isEqualTo("spotcast-ingest");
    assertThat(read.password()).isEqualTo("pw-of-ingest");
    assertThat(LocalCredentials.read(dir, Role.QUERY)).isEmpty();
  }

  @Test
  void aClientWithoutCredentialForTheLocalNodeUsesItsRolesFileOverTls() {
    LocalCredentials.write(dir, Role.INGEST, ingest);

    // The launcher's default URL says http; the node speaks https: the file's URL wins.
    ElasticsearchSettings found =
        LocalCredentials.orLocal(
            ElasticsearchSettings.of("http://localhost:9200"), Role.INGEST, dir);

    assertThat(found.uris()).containsExactly(URI.create("https://127.0.0.1:9200"));
    assertThat(found.ca()).isEqualTo(ingest.ca());
    assertThat(found.username()).isEqualTo("spotcast-ingest");
  }

  @Test
  void anotherNodeOrAnExplicitCredentialIsLeftAlone() {
    LocalCredentials.write(dir, Role.INGEST, ingest);

    ElasticsearchSettings otherPort = ElasticsearchSettings.of("http://127.0.0.1:9201");
    ElasticsearchSettings otherHost = ElasticsearchSettings.of("https://es.example:9200");
    ElasticsearchSettings explicit =
        ElasticsearchSettings.of("https://127.0.0.1:9200").withApiKey("a2V5OnZhbHVl");
    ElasticsearchSettings twoNodes =
        ElasticsearchSettings.of("https://127.0.0.1:9200")
            .withUris(
                List.of(
                    URI.create("https://127.0.0.1:9200"), URI.create("https://127.0.0.1:9201")));

    assertThat(LocalCredentials.orLocal(otherPort, Role.INGEST, dir)).isSameAs(otherPort);
    assertThat(LocalCredentials.orLocal(otherHost, Role.INGEST, dir)).isSameAs(otherHost);
    assertThat(LocalCredentials.orLocal(explicit, Role.INGEST, dir)).isSameAs(explicit);
    assertThat(LocalCredentials.orLocal(twoNodes, Role.INGEST, dir)).isSameAs(twoNodes);
    assertThat(LocalCredentials.orLocal(otherPort, Role.QUERY, dir)).isSameAs(otherPort);
  }

  @Test
  void anExplicitCaWinsOverTheFilesCa() {
    LocalCredentials.write(dir, Role.QUERY, ingest.withBasicAuth("spotcast-query", "pw"));

    ElasticsearchSettings found =
        LocalCredentials.orLocal(
            ElasticsearchSettings.of("https://127.0.0.1:9200").withCaFingerprint("F0:55"),
            Role.QUERY,
            dir);

    assertThat(found.caFingerprint()).isEqualTo("F0:55");
    assertThat(found.ca()).isNull();
    assertThat(found.username()).isEqualTo("spotcast-query");
  }
}
