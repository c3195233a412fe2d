package dev.spotcast.infra.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.crypto.bcrypt.BCrypt;

class ClusterSecurityTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void eachRoleGetsItsUserARandomPasswordAndTheCa() {
    Map<Role, ElasticsearchSettings> credentials =
        ClusterSecurity.credentials("https://127.0.0.1:9200", Path.of("/base/certs/ca.crt"), dir);

    assertThat(credentials)
        .containsOnlyKeys(Role.ADMIN, Role.INGEST, Role.QUERY, Role.MONITOR, Role.ARCHIVE);
    assertThat(credentials.get(Role.MONITOR).username()).isEqualTo("spotcast-monitor");
    assertThat(credentials.get(Role.INGEST).username()).isEqualTo("spotcast-ingest");
    assertThat(credentials.get(Role.QUERY).username()).isEqualTo("spotcast-query");
    assertThat(credentials.get(Role.ADMIN).username()).isEqualTo("spotcast-admin");
    assertThat(credentials.values())
        .allSatisfy(
            settings -> {
              assertThat(settings.ca()).isEqualTo(Path.of("/base/certs/ca.crt"));
              assertThat(settings.password()).hasSize(32); // 24 random bytes, base64url
            });
    assertThat(credentials.get(Role.ARCHIVE).username()).isEqualTo("spotcast-archive");
    assertThat(credentials.values().stream().map(ElasticsearchSettings::password).distinct())
        .hasSize(5);
  }

  @Test
  void aRestartKeepsThePasswordsOfTheCredentialFiles() throws Exception {
    Map<Role, ElasticsearchSettings> first =
        ClusterSecurity.credentials("https://127.0.0.1:9200", null, dir);
    ClusterSecurity.writeCredentials(first, dir);
    Files.delete(LocalCredentials.file(dir, Role.QUERY));

    Map<Role, ElasticsearchSettings> again =
        ClusterSecurity.credentials("https://127.0.0.1:9200", null, dir);

    assertThat(again.get(Role.INGEST).password()).isEqualTo(first.get(Role.INGEST).password());
    assertThat(again.get(Role.ADMIN).password()).isEqualTo(first.get(Role.ADMIN).password());
    assertThat(again.get(Role.QUERY).password())
        .as("its file was deleted: a new one")
        .isNotEqualTo(first.get(Role.QUERY).password());
  }

  @Test
  void theFileRealmHoldsBcryptHashesOfThePasswordsAndEachUsersRole() throws Exception {
    Map<Role, ElasticsearchSettings> credentials =
        ClusterSecurity.credentials("https://127.0.0.1:9200", null, dir);

    Map<String, String> files = ClusterSecurity.securityFiles(credentials);

    assertThat(files).containsOnlyKeys("users", "users_roles", "roles.yml");
    List<String> users = files.get("users").lines().toList();
    assertThat(users).hasSize(5);
    for (ElasticsearchSettings settings : credentials.values()) {
      String line =
          users.stream()
              .filter(u -> u.startsWith(settings.username() + ":"))
              .findFirst()
              .orElseThrow();
      String hash = line.substring(settings.username().length() + 1);
      assertThat(hash).startsWith("$2a$10$").doesNotContain(settings.password());
      assertThat(BCrypt.checkpw(settings.password(), hash)).isTrue();
    }
    assertThat(files.get("users_roles").lines())
        .containsExactlyInAnyOrder(
            "superuser:spotcast-admin",
            "spotcast_ingest:spotcast-ingest",
            "spotcast_query:spotcast-query",
            "spotcast_monitor:spotcast-monitor",
            "spotcast_archive:spotcast-archive");
  }

  @Test
  void rolesYmlHasOneLinePerRoleWithItsDefinitionAsJson() throws Exception {
    List<String> lines = ClusterSecurity.rolesYml().lines().toList();

    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).startsWith("spotcast_ingest: {");
    assertThat(lines.get(1)).startsWith("spotcast_query: {");
    assertThat(lines.get(2)).startsWith("spotcast_monitor: {");
    assertThat(lines.get(3)).startsWith("spotcast_archive: {");
    JsonNode query = JSON.readTree(lines.get(1).substring("spotcast_query: ".length()));
    assertThat(query.path("cluster").toString()).isEqualTo("[\"monitor\"]");
    assertThat(query.path("indices").get(0).path("names").toString())
        .isEqualTo("[\"spotcast-fc-*\",\"spotcast-*-latest\",\"spotcast-runs\"]");
    assertThat(query.path("indices").get(0).path("privileges").toString())
        .as("read only: no write, create, delete or manage")
        .isEqualTo("[\"read\",\"view_index_metadata\",\"monitor\"]");
    JsonNode ingest = JSON.readTree(lines.get(0).substring("spotcast_ingest: ".length()));
    assertThat(ingest.path("indices").get(0).path("names").toString())
        .isEqualTo("[\"spotcast-*\"]");
  }
}
