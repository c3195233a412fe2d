package dev.spotcast.query.config;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What {@code /v3/api-docs} and the Swagger UI say about the service. */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

  @Bean
  OpenAPI spotcastOpenApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("Spotcast query service")
                .version("v1")
                .description(
                    "Spot weather interpolated from the published run of each forecast model. Errors are"
                        + " RFC 9457 problem+json with a 'parameter' member naming the offending parameter."));
  }
}
