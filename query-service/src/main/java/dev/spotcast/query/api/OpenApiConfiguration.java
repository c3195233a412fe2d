package dev.spotcast.query.api;

import dev.spotcast.query.web.ClientKeys;
import dev.spotcast.security.ApiKeyDigests;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What {@code /v3/api-docs} and the Swagger UI say about the service, including every error status
 * each operation can answer, all with the RFC 9457 {@code Problem} schema, so that a client
 * generated from the description knows them.
 */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

  static final String PROBLEM = "Problem";
  static final String KEY_SCHEME = "clientKey";
  static final String PROBLEM_JSON = "application/problem+json";

  private static final Map<Integer, String> MEANINGS =
      Map.of(
          400, "a parameter or the body is malformed or out of range; 'parameter' names it",
          401, "no client key, or an unknown one (X-API-Key)",
          404, "unknown model, run or path; the detail lists what exists",
          405, "method not allowed",
          406, "no answer in the media type of the Accept header",
          413,
              "request body over spotcast.query.max-request-body, or an EDR area or trajectory over"
                  + " spotcast.query.edr-max-points grid points or vertices",
          415, "the body is not application/json",
          422,
              "the place, height, pressure or time lies outside the run; the detail gives the valid range",
          429,
              "the service is at its limit of requests in progress, or the client key at its rate; retry after Retry-After seconds",
          503, "Elasticsearch cannot answer now; retry after Retry-After seconds");

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

  /**
   * Every operation's error statuses, by what it does; with client keys on, 401 and the key scheme.
   */
  @Bean
  OpenApiCustomizer errorStatuses(ClientKeys clientKeys) {
    return openApi -> {
      if (openApi.getPaths() == null) {
        return;
      }
      if (openApi.getComponents() == null) {
        openApi.setComponents(new Components());
      }
      openApi.getComponents().addSchemas(PROBLEM, problemSchema());
      openApi
          .getPaths()
          .forEach(
              (path, item) -> {
                if (!path.startsWith("/v1/") && !path.startsWith("/edr")) {
                  return;
                }
                for (Map.Entry<PathItem.HttpMethod, Operation> entry :
                    item.readOperationsMap().entrySet()) {
                  statuses(path, entry.getKey())
                      .forEach(status -> problem(entry.getValue(), status));
                  if (clientKeys.enabled()) {
                    problem(entry.getValue(), 401);
                    problem(entry.getValue(), 429);
                    entry.getValue().addSecurityItem(new SecurityRequirement().addList(KEY_SCHEME));
                  }
                }
              });
      if (clientKeys.enabled()) {
        openApi
            .getComponents()
            .addSecuritySchemes(
                KEY_SCHEME,
                new SecurityScheme()
                    .type(SecurityScheme.Type.APIKEY)
                    .in(SecurityScheme.In.HEADER)
                    .name(ApiKeyDigests.HEADER)
                    .description(
                        "a client key from the operator; each key has its own rate limit (429 beyond it)"));
      }
    };
  }

  /**
   * /v1/ensemble takes every parameter /v1/forecast takes (one parser reads both): its GET is
   * described with all of them, in /v1/forecast's order, its own description where it has one
   * (models: ensembles), so that clients and the contract tests see each.
   */
  @Bean
  OpenApiCustomizer ensembleTakesTheForecastsParameters() {
    return openApi -> {
      if (openApi.getPaths() == null) {
        return;
      }
      PathItem forecast = openApi.getPaths().get("/v1/forecast");
      PathItem ensemble = openApi.getPaths().get("/v1/ensemble");
      if (forecast == null
          || ensemble == null
          || forecast.getGet() == null
          || ensemble.getGet() == null
          || forecast.getGet().getParameters() == null) {
        return;
      }
      Map<String, Parameter> own = new LinkedHashMap<>();
      if (ensemble.getGet().getParameters() != null) {
        ensemble.getGet().getParameters().forEach(p -> own.put(p.getName(), p));
      }
      List<Parameter> all = new ArrayList<>();
      for (Parameter p : forecast.getGet().getParameters()) {
        all.add(own.getOrDefault(p.getName(), p));
        own.remove(p.getName());
      }
      all.addAll(own.values());
      ensemble.getGet().setParameters(all);
      formBody(forecast);
      formBody(ensemble);
    };
  }

  /**
   * The POST of an Open-Meteo endpoint takes its GET's parameters as a form body, as the official
   * clients send them: described as one, each parameter a property, latitude and longitude
   * required.
   */
  private static void formBody(PathItem item) {
    if (item.getPost() == null || item.getGet().getParameters() == null) {
      return;
    }
    ObjectSchema form = new ObjectSchema();
    List<String> required = new ArrayList<>();
    for (Parameter p : item.getGet().getParameters()) {
      Schema<?> property = p.getSchema() == null ? new StringSchema() : p.getSchema();
      form.addProperty(p.getName(), property);
      if (Boolean.TRUE.equals(p.getRequired())) {
        required.add(p.getName());
      }
    }
    form.setRequired(required);
    item.getPost()
        .setRequestBody(
            new RequestBody()
                .required(true)
                .content(
                    new Content()
                        .addMediaType(
                            org.springframework.http.MediaType.APPLICATION_FORM_URLENCODED_VALUE,
                            new MediaType().schema(form))));
  }

  /**
   * What an operation can refuse with: every one takes query parameters (400) and has one answer
   * type (406).
   */
  static List<Integer> statuses(String path, PathItem.HttpMethod method) {
    boolean forecast =
        path.equals("/v1/spot")
            || path.equals("/v1/series")
            || path.endsWith("/position")
            || path.endsWith("/locations/{locId}");
    boolean area =
        path.endsWith("/area")
            || path.endsWith("/cube")
            || path.endsWith("/radius")
            || path.endsWith("/trajectory");
    if (path.equals("/v1/forecast") || path.equals("/v1/ensemble")) {
      // Open-Meteo's API writes its own 400 (documented on the operation); the rest as everywhere.
      return method == PathItem.HttpMethod.POST
          ? List.of(406, 413, 415, 429, 503)
          : List.of(406, 429, 503);
    }
    if (method == PathItem.HttpMethod.POST) {
      return List.of(400, 404, 406, 413, 415, 422, 429, 503);
    }
    if (area) {
      return List.of(400, 404, 406, 413, 422, 429, 503);
    }
    if (forecast) {
      return List.of(400, 404, 406, 422, 429, 503);
    }
    if (path.contains("{")) {
      return List.of(400, 404, 406, 503);
    }
    return List.of(400, 406, 503);
  }

  private static void problem(Operation operation, int status) {
    ApiResponses responses = operation.getResponses();
    if (responses == null) {
      responses = new ApiResponses();
      operation.setResponses(responses);
    }
    String code = Integer.toString(status);
    ApiResponse response =
        responses.computeIfAbsent(code, c -> new ApiResponse().description(MEANINGS.get(status)));
    if (response.getDescription() == null) {
      response.setDescription(MEANINGS.get(status));
    }
    response.setContent(
        new Content()
            .addMediaType(
                PROBLEM_JSON,
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM))));
    if (status == 429 || status == 503) {
      response.addHeaderObject(
          "Retry-After",
          new Header().description("seconds to wait before retrying").schema(new IntegerSchema()));
    }
  }

  private static Schema<?> problemSchema() {
    Map<String, Schema> properties = new LinkedHashMap<>();
    properties.put(
        "type", new StringSchema().description("a URI identifying the problem type; about:blank"));
    properties.put("title", new StringSchema().description("the HTTP status' reason"));
    properties.put("status", new IntegerSchema().description("the HTTP status"));
    properties.put("detail", new StringSchema().description("what is wrong and what to do"));
    properties.put("instance", new StringSchema().description("the request path"));
    properties.put(
        "parameter",
        new StringSchema().description("the offending parameter or body member, if one"));
    ObjectSchema schema = new ObjectSchema();
    schema.setProperties(properties);
    schema.setRequired(List.of("status"));
    schema.setAdditionalProperties(Boolean.TRUE);
    schema.setDescription(
        "RFC 9457 problem details; some problems add members (models, runs, retryAfterSeconds)");
    return schema;
  }
}
