package dev.spotcast.ingest.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.elasticsearch.MissingCredentialException;
import dev.spotcast.ingest.IngestorInstance;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The service takes its Elasticsearch credential from its configuration only (the other tests pass
 * the ingest credential, {@link IngestorInstance#fleet}): without one it does not start, and Spring
 * Boot's startup report names the properties to set, with no stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class ElasticsearchCredentialIT {

  @Test
  void withoutACredentialTheServiceRefusesToStart(CapturedOutput output) {
    // Nothing listens at either address: the service stops before it connects to anything.
    assertThatThrownBy(
            () ->
                IngestorInstance.start(
                    "no-credential",
                    Map.of(
                        "server.port", "0",
                        "spotcast.elasticsearch.uris", "https://127.0.0.1:1",
                        "spring.kafka.bootstrap-servers", "127.0.0.1:1",
                        "spotcast.kafka.create-topics", "false")))
        .hasRootCauseInstanceOf(MissingCredentialException.class);
    String out = output.getOut();
    String action =
        "Set spotcast.elasticsearch.api-key, or spotcast.elasticsearch.username and .password, or "
            + "spotcast.elasticsearch.bearer-token";
    assertThat(out).contains("APPLICATION FAILED TO START", action);
    String report = out.substring(out.indexOf("APPLICATION FAILED TO START"), out.indexOf(action));
    assertThat(report)
        .contains("No Elasticsearch credential is configured for [https://127.0.0.1:1]")
        .doesNotContain("\tat ", "Exception");
    // What Spring Boot logs, with the whole stack trace, for a failure no analyzer explains.
    assertThat(output.getAll()).doesNotContain("Application run failed");
  }
}
