package dev.spotcast.query;

import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import dev.spotcast.web.ContainerErrors;
import dev.spotcast.web.MalformedQueryFilter;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The spot-weather query service: answers {@code GET /v1/spot} from the published run of each
 * model, interpolating between the nearest grid points, levels and steps.
 */
// Spring Boot's own Elasticsearch auto-configurations would build a second client (and health
// check) from spring.elasticsearch.*; Spotcast builds its one client from spotcast.elasticsearch.*.
@SpringBootApplication(
    excludeName = {
      "org.springframework.boot.autoconfigure.elasticsearch.ElasticsearchClientAutoConfiguration",
      "org.springframework.boot.autoconfigure.elasticsearch.ElasticsearchRestClientAutoConfiguration",
      "org.springframework.boot.autoconfigure.elasticsearch.ReactiveElasticsearchClientAutoConfiguration",
      "org.springframework.boot.autoconfigure.data.elasticsearch.ElasticsearchDataAutoConfiguration",
      "org.springframework.boot.autoconfigure.data.elasticsearch.ElasticsearchRepositoriesAutoConfiguration",
      "org.springframework.boot.autoconfigure.data.elasticsearch.ReactiveElasticsearchRepositoriesAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.elasticsearch.ElasticsearchRestHealthContributorAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.data.elasticsearch.ElasticsearchReactiveHealthContributorAutoConfiguration"
    })
// Tomcat's own refusals (request line too long, encoded slash, ...) as problem+json too.
@Import({ContainerErrors.class, MalformedQueryFilter.class})
public class QueryServiceApplication {

  /**
   * Answers are written through accessors Jackson binds once as lambdas, not called by reflection
   * per field and request (with primitives boxed), which showed in the service's CPU profile of a
   * spot request (docs/benchmarks.md). Boot registers every {@link Module} bean with the
   * application's mapper.
   */
  @Bean
  Module blackbird() {
    return new BlackbirdModule();
  }

  public static void main(String[] args) {
    SpringApplication.run(QueryServiceApplication.class, args);
  }
}
