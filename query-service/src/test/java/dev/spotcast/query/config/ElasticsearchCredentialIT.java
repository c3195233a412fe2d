package dev.spotcast.query.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import dev.spotcast.elasticsearch.MissingCredentialException;
import dev.spotcast.query.QueryServiceApplication;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.testsupport.SharedElasticsearch;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * The service connects with the query credential, as it should in production: it can read but not
 * write, and the credential shows nowhere in what it answers. It takes the credential from its
 * configuration only: without one it does not start, and says which properties to set.
 */
@ExtendWith(OutputCaptureExtension.class)
class ElasticsearchCredentialIT extends ServiceTestBase {

  @Autowired private ElasticsearchClient client;
  @Autowired private TestRestTemplate rest;

  @Test
  void theServicesClientCanReadButNotWrite() throws Exception {
    assertThat(client.cluster().health().status()).isNotNull();
    assertThatThrownBy(
            () ->
                client.index(
                    i -> i.index("spotcast-runs").id("written-by-query").document(Map.of())))
        .isInstanceOfSatisfying(
            ElasticsearchException.class, e -> assertThat(e.status()).isEqualTo(403));
  }

  /**
   * No credential configured: the service does not start, and Spring Boot's startup report names
   * the properties to set (MissingCredentialFailureAnalyzer), with no stack trace.
   */
  @Test
  void withoutACredentialTheServiceRefusesToStart(CapturedOutput output) {
    assertThatThrownBy(
            () ->
                new SpringApplicationBuilder(QueryServiceApplication.class)
                    .run(
                        "--server.port=0",
                        "--spotcast.elasticsearch.uris="
                            + SharedElasticsearch.settings(Role.QUERY).uris().getFirst()))
        .hasRootCauseInstanceOf(MissingCredentialException.class);
    String out = output.getOut();
    String action =
        "Set spotcast.elasticsearch.api-key, or spotcast.elasticsearch.username and .password, or "
            + "spotcast.elasticsearch.bearer-token";
    assertThat(out).contains("APPLICATION FAILED TO START", action);
    String report = out.substring(out.indexOf("APPLICATION FAILED TO START"), out.indexOf(action));
    assertThat(report)
        .contains("No Elasticsearch credential is configured for")
        .doesNotContain("\tat ", "Exception");
    // What Spring Boot logs, with the whole stack trace, for a failure no analyzer explains.
    assertThat(output.getAll()).doesNotContain("Application run failed");
  }

  @Test
  void theCredentialIsInNoAnswer() {
    String password = SharedElasticsearch.settings(Role.QUERY).password();
    assertThat(password).isNotBlank();
    for (String path :
        new String[] {
          "/actuator/health",
          "/actuator/info",
          "/actuator/env",
          "/actuator/configprops",
          "/v1/spot?model=nope&lat=1&lon=1&time=2026-11-21T00:00:00Z",
          "/v1/models"
        }) {
      ResponseEntity<String> answer = rest.getForEntity(path, String.class);
      assertThat(String.valueOf(answer.getBody())).as(path).doesNotContain(password);
    }
    // Not exposed at all, so their (masked) values cannot be read either.
    assertThat(rest.getForEntity("/actuator/env", String.class).getStatusCode().value())
        .isEqualTo(404);
    assertThat(rest.getForEntity("/actuator/configprops", String.class).getStatusCode().value())
        .isEqualTo(404);
  }
}
