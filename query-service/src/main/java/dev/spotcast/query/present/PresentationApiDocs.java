package dev.spotcast.query.present;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The presentation parameters in the OpenAPI description: the controllers do not declare them (the
 * presentation layer reads them), so they are added here to each presented operation, with the
 * {@code text/csv} form of its 200 answer.
 */
@Configuration(proxyBeanMethods = false)
class PresentationApiDocs {

  @Bean
  OpenApiCustomizer presentationParameters() {
    return openApi -> {
      if (openApi.getPaths() == null) {
        return;
      }
      PathItem spot = openApi.getPaths().get("/v1/spot");
      PathItem series = openApi.getPaths().get("/v1/series");
      if (spot != null) {
        describe(spot.getGet(), false);
        describe(spot.getPost(), false);
      }
      if (series != null) {
        describe(series.getGet(), true);
      }
    };
  }

  private static void describe(Operation operation, boolean series) {
    if (operation == null) {
      return;
    }
    add(
        operation,
        query(
            "units",
            "answer temperatures, speeds and pressures in these units, at most one per kind: "
                + UnitChoice.accepted()
                + " (default: the model's units; others are never converted)",
            "C,km/h"));
    add(
        operation,
        query(
            "timezone",
            "auto (the zone at the place, from timezone boundary polygons; nautical zone at"
                + " sea), an IANA name or a UTC offset: adds local_time"
                + (series ? " to each step and sets the days of daily=" : ""),
            "auto"));
    if (operation.getOperationId() != null && !series && operation.getRequestBody() == null) {
      add(
          operation,
          query(
              "previous_runs",
              "also answer what each of the N runs before the answering one forecast"
                  + " for the same place and time (1..spotcast.query.max-previous-runs, 10), newest first",
              "3"));
    }
    if (series) {
      add(
          operation,
          query(
              "daily",
              "per local day (timezone=, default UTC): min, max, mean, sum of every parameter"
                  + " or PARAM:AGGREGATE; a day the run covers only partly is marked complete=false",
              "t:min,t:max"));
    }
    Parameter format = query("f", "json (default) or csv; the same as Accept: text/csv", "csv");
    format.setSchema(new StringSchema()._enum(List.of("json", "csv")));
    add(operation, format);
    ApiResponse ok = operation.getResponses() == null ? null : operation.getResponses().get("200");
    if (ok != null) {
      Content content = ok.getContent() == null ? new Content() : ok.getContent();
      content.addMediaType(
          ForecastCsv.TEXT_CSV_VALUE,
          new MediaType()
              .schema(
                  new StringSchema()
                      .description(
                          "RFC 4180 with a header row; value columns named 'param (unit)'")));
      ok.setContent(content);
    }
  }

  private static Parameter query(String name, String description, String example) {
    return new Parameter()
        .in("query")
        .name(name)
        .required(false)
        .description(description)
        .schema(new StringSchema())
        .example(example);
  }

  private static void add(Operation operation, Parameter parameter) {
    if (operation.getParameters() == null
        || operation.getParameters().stream()
            .noneMatch(p -> parameter.getName().equals(p.getName()))) {
      operation.addParametersItem(parameter);
    }
  }
}
