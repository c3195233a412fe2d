package dev.spotcast.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * The service connects with the query credential, as it should in production: it can read but
 * not write, and the credential shows nowhere in what it answers.
 */
class ElasticsearchCredentialIT extends ServiceTestBase {

  @Autowired private ElasticsearchClient client;
  @Autowired private TestRestTemplate rest;

  @Test
  void theServicesClientCanReadButNotWrite() throws Exception {
    assertThat(client.cluster().health().status()).isNotNull();
    assertThatThrownBy(() -> client.index(i -> i.index("spotcast-runs").id("written-by-query").document(Map.of())))
        .isInstanceOfSatisfying(ElasticsearchException.class, e -> assertThat(e.status()).isEqualTo(403));
  }

  @Test
  void theCredentialIsInNoAnswer() {
    String password = SharedElasticsearch.settings(Role.QUERY).password();
    assertThat(password).isNotBlank();
    for (String path : new String[] {"/actuator/health", "/actuator/info", "/actuator/env", "/actuator/configprops",
        "/v1/spot?model=nope&lat=1&lon=1&time=2026-11-21T00:00:00Z", "/v1/models"}) {
      ResponseEntity<String> answer = rest.getForEntity(path, String.class);
      assertThat(String.valueOf(answer.getBody())).as(path).doesNotContain(password);
    }
    // Not exposed at all, so their (masked) values cannot be read either.
    assertThat(rest.getForEntity("/actuator/env", String.class).getStatusCode().value()).isEqualTo(404);
    assertThat(rest.getForEntity("/actuator/configprops", String.class).getStatusCode().value()).isEqualTo(404);
  }
}
