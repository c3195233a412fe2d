package dev.spotcast.infra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.infra.SpotcastInfraCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code es credential ROLE}: what the launcher puts in the environment of a service it starts: the
 * local node's credential of that role for that node only.
 */
class EsCredentialCommandTest {

  @TempDir Path home;

  @Test
  void theLocalNodesCredentialOfTheRoleForThatNode() {
    Path ca = home.resolve("certs/ca.crt");
    LocalCredentials.write(
        LocalCredentials.directory(home),
        Role.QUERY,
        ElasticsearchSettings.of("https://127.0.0.1:29200")
            .withCa(ca)
            .withBasicAuth("spotcast-query", "s3cret=:x"));
    LocalCredentials.write(
        LocalCredentials.directory(home),
        Role.INGEST,
        ElasticsearchSettings.of("https://127.0.0.1:29200")
            .withCa(ca)
            .withBasicAuth("spotcast-ingest", "other"));

    // The launcher's default URL says http; the secured node's file says https, and that wins.
    assertThat(run("query", "--es", "http://localhost:29200"))
        .isEqualTo(
            """
        SPOTCAST_ELASTICSEARCH_URIS=https://127.0.0.1:29200
        SPOTCAST_ELASTICSEARCH_CA=%s
        SPOTCAST_ELASTICSEARCH_USERNAME=spotcast-query
        SPOTCAST_ELASTICSEARCH_PASSWORD=s3cret=:x
        """
                .formatted(ca));
    assertThat(run("INGEST", "--es", "https://127.0.0.1:29200"))
        .contains("SPOTCAST_ELASTICSEARCH_USERNAME=spotcast-ingest\n");
  }

  @Test
  void anotherNodeGetsItsUrlAlone() {
    LocalCredentials.write(
        LocalCredentials.directory(home),
        Role.QUERY,
        ElasticsearchSettings.of("https://127.0.0.1:29200")
            .withBasicAuth("spotcast-query", "secret"));

    assertThat(run("query", "--es", "https://es1.example:9200"))
        .isEqualTo("SPOTCAST_ELASTICSEARCH_URIS=https://es1.example:9200\n");
    assertThat(run("monitor", "--es", "http://127.0.0.1:29200"))
        .isEqualTo("SPOTCAST_ELASTICSEARCH_URIS=http://127.0.0.1:29200\n");
  }

  private String run(String... args) {
    PrintStream out = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
      String[] command = new String[args.length + 4];
      command[0] = "es";
      command[1] = "credential";
      System.arraycopy(args, 0, command, 2, args.length);
      command[args.length + 2] = "--home";
      command[args.length + 3] = home.toString();
      assertThat(SpotcastInfraCli.run(command)).isZero();
      System.out.flush();
      return bytes.toString(StandardCharsets.UTF_8);
    } finally {
      System.setOut(out);
    }
  }
}
