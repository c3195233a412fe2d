package dev.spotcast.ingest;

import dev.spotcast.web.ContainerErrors;
import dev.spotcast.web.MalformedQueryFilter;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * The production ingestion service. A run to load becomes a <em>job</em> whose work is cut into
 * <em>chunks</em>; the chunks go to a Kafka work topic that every instance consumes in one group,
 * so several instances share one run and a stopped instance's work is redone by the others. Jobs
 * come from REST ({@code /v1/ingestions}), from Kafka run announcements and from a daily scan of an
 * inbox folder. Job and chunk state live in Elasticsearch, next to the run catalog.
 */
// Spring Boot's own Elasticsearch auto-configurations would build a second client (and health
// check) from spring.elasticsearch.*; Spotcast builds its one client from spotcast.elasticsearch.*.
// Boot's in-memory user (a generated password) is of no use: callers present API keys (security
// package).
@SpringBootApplication(
    excludeName = {
      "org.springframework.boot.autoconfigure.elasticsearch.ElasticsearchClientAutoConfiguration",
      "org.springframework.boot.autoconfigure.elasticsearch.ElasticsearchRestClientAutoConfiguration",
      "org.springframework.boot.autoconfigure.elasticsearch.ReactiveElasticsearchClientAutoConfiguration",
      "org.springframework.boot.autoconfigure.data.elasticsearch.ElasticsearchDataAutoConfiguration",
      "org.springframework.boot.autoconfigure.data.elasticsearch.ElasticsearchRepositoriesAutoConfiguration",
      "org.springframework.boot.autoconfigure.data.elasticsearch.ReactiveElasticsearchRepositoriesAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.elasticsearch.ElasticsearchRestHealthContributorAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.data.elasticsearch.ElasticsearchReactiveHealthContributorAutoConfiguration",
      "org.springframework.boot.autoconfigure.security.servlet.UserDetailsServiceAutoConfiguration"
    })
@EnableScheduling
// Tomcat's own refusals (request line too long, encoded slash, ...) as problem+json too.
@Import({ContainerErrors.class, MalformedQueryFilter.class})
public class IngestorApplication {

  public static void main(String[] args) {
    SpringApplication.run(IngestorApplication.class, args);
  }
}
