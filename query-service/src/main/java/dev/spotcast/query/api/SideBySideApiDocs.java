package dev.spotcast.query.api;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One operation each for {@code GET /v1/spot} and {@code GET /v1/series} in the OpenAPI
 * description, though each has two handlers ({@code model=} and {@code models=}): OpenAPI has one
 * operation per path and method. Either {@code model} or {@code models} is required, never both;
 * the answer is the model's forecast or, with {@code models}, a {@link SideBySide} (their schemas
 * overlap, so any of them, not one of them).
 */
@Configuration(proxyBeanMethods = false)
class SideBySideApiDocs {

  static final String MODELS =
      " With models=a,b,c instead of model= (up to 10), each model's answer for the same"
          + " request side by side, in the order asked (SideBySide): each entry is what model= would answer, with its own"
          + " run; a model that cannot answer there (422 outside its grid, levels or steps; 404 a run it does not have)"
          + " gets that problem in its place, named by its model, and the others still answer. A bad parameter or an"
          + " unknown model fails the whole request. JSON only: previous_runs= and CSV answer one model."
          + " A blend (listed under blends in /v1/models) is asked as model= on GET /v1/spot: its values are the"
          + " weighted means of its members' answers, each member weighted by its lead time, and the answer's blend"
          + " lists every member with its run, lead hours and share (or why it did not answer).";

  @Bean
  OpenApiCustomizer sideBySideOperations() {
    return openApi -> {
      if (openApi.getPaths() == null) {
        return;
      }
      describe(
          openApi.getPaths().get("/v1/spot"),
          "spot",
          SpotController.SUMMARY,
          SpotController.DESCRIPTION);
      describe(
          openApi.getPaths().get("/v1/series"),
          "series",
          SeriesController.SUMMARY,
          SeriesController.DESCRIPTION);
    };
  }

  private static void describe(PathItem path, String id, String summary, String description) {
    Operation get = path == null ? null : path.getGet();
    if (get == null) {
      return;
    }
    get.setOperationId(id);
    get.setSummary(summary);
    get.setDescription(description + MODELS);
    if (get.getParameters() != null) {
      for (Parameter parameter : get.getParameters()) {
        if (parameter.getName().equals("model")) {
          parameter.setRequired(false);
          parameter.setDescription("model id (see /v1/models); this or models is required");
        } else if (parameter.getName().equals("models")) {
          parameter.setRequired(false);
          parameter.setDescription(
              "comma-separated model ids (1..10), answered side by side; instead of model");
        }
      }
    }
    ApiResponse ok = get.getResponses() == null ? null : get.getResponses().get("200");
    if (ok != null && ok.getContent() != null) {
      for (Map.Entry<String, MediaType> media : ok.getContent().entrySet()) {
        Schema<?> schema = media.getValue().getSchema();
        if (schema != null && schema.getOneOf() != null) {
          schema.setAnyOf(schema.getOneOf());
          schema.setOneOf(null);
        }
      }
    }
  }
}
