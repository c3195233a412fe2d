package dev.spotcast.query.edr;

import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the EDR standard says of its query parameters and the annotations cannot: {@code datetime}
 * is {@code style: form, explode: false} (the OGC suite's Abstract Tests 42, 58, 74,
 * /conf/core/datetime-definition; springdoc writes no explode for a string parameter).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(EdrLocations.class)
public class EdrApiDocs {

  @Bean
  OpenApiCustomizer edrDatetimeStyle() {
    return openApi -> {
      if (openApi.getPaths() == null) {
        return;
      }
      openApi
          .getPaths()
          .forEach(
              (path, item) -> {
                if (!path.startsWith("/edr")) {
                  return;
                }
                item.readOperations().stream()
                    .filter(operation -> operation.getParameters() != null)
                    .flatMap(operation -> operation.getParameters().stream())
                    .filter(parameter -> EdrDatetime.PARAMETER.equals(parameter.getName()))
                    .forEach(
                        parameter -> {
                          parameter.setStyle(Parameter.StyleEnum.FORM);
                          parameter.setExplode(Boolean.FALSE);
                        });
              });
    };
  }
}
