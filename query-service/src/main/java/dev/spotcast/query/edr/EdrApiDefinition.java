package dev.spotcast.query.edr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springdoc.webmvc.api.OpenApiWebMvcResource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * The EDR API's own definition, as an EDR client reads it (OGC API - EDR, requirement
 * /req/core/api-definition-success and /req/oas30): OpenAPI 3.0 with one server at the EDR base
 * ({@code /edr}) and the paths below it ({@code /}, {@code /conformance}, {@code /collections}...),
 * served as {@code application/vnd.oai.openapi+json;version=3.0}, the type the landing page's
 * {@code service-desc} link names. It is the service's own description ({@code /v3/api-docs},
 * OpenAPI 3.1) cut to the EDR paths and written down to 3.0.
 */
@Hidden
@RestController
public class EdrApiDefinition {

  static final String OPENAPI_30 = "application/vnd.oai.openapi+json;version=3.0";
  private static final String REF_PREFIX = "#/components/schemas/";

  private final ObjectProvider<OpenApiWebMvcResource> springdoc;
  private final ObjectMapper mapper = new ObjectMapper();

  public EdrApiDefinition(ObjectProvider<OpenApiWebMvcResource> springdoc) {
    this.springdoc = springdoc;
  }

  @GetMapping(
      path = {"/edr/api", "/edr/api/"},
      produces = {OPENAPI_30, "application/json"})
  public ResponseEntity<JsonNode> api(HttpServletRequest request, Locale locale)
      throws IOException {
    byte[] whole = springdoc.getObject().openapiJson(request, "/v3/api-docs", locale);
    String base =
        ServletUriComponentsBuilder.fromCurrentContextPath().path("/edr").build().toUriString();
    JsonNode edr = edrOnly((ObjectNode) mapper.readTree(whole), base);
    return ResponseEntity.ok().contentType(MediaType.parseMediaType(OPENAPI_30)).body(edr);
  }

  /** The EDR part of the whole description, with the EDR base as its server, as OpenAPI 3.0. */
  static ObjectNode edrOnly(ObjectNode whole, String base) {
    ObjectNode doc = whole.deepCopy();
    doc.put("openapi", "3.0.3");
    doc.remove(List.of("jsonSchemaDialect", "webhooks"));
    if (doc.get("info") instanceof ObjectNode info) {
      info.put("title", "Spotcast EDR");
      info.remove("summary");
      if (info.get("license") instanceof ObjectNode license) {
        license.remove("identifier");
      }
    }
    ArrayNode servers = doc.putArray("servers");
    servers.addObject().put("url", base).put("description", "the EDR API");
    ObjectNode paths = doc.putObject("paths");
    if (whole.get("paths") instanceof ObjectNode all) {
      for (Map.Entry<String, JsonNode> entry : all.properties()) {
        String path = entry.getKey();
        if (!path.equals("/edr") && !path.startsWith("/edr/")) {
          continue;
        }
        String below = path.length() <= "/edr/".length() ? "/" : path.substring("/edr".length());
        if (below.length() > 1 && below.endsWith("/")) {
          continue; // the same resource as without the slash
        }
        if (!paths.has(below)) {
          paths.set(below, entry.getValue().deepCopy());
        }
      }
    }
    if (doc.get("components") instanceof ObjectNode components
        && components.get("schemas") instanceof ObjectNode schemas) {
      Set<String> used = referenced(paths, schemas);
      Iterator<String> names = schemas.fieldNames();
      while (names.hasNext()) {
        if (!used.contains(names.next())) {
          names.remove();
        }
      }
    }
    downTo30(doc);
    return doc;
  }

  /** The component schemas the paths use, directly or through other schemas. */
  private static Set<String> referenced(JsonNode paths, ObjectNode schemas) {
    Set<String> used = new LinkedHashSet<>();
    Deque<JsonNode> todo = new ArrayDeque<>();
    todo.add(paths);
    while (!todo.isEmpty()) {
      JsonNode node = todo.poll();
      if (node.isObject()) {
        JsonNode ref = node.get("$ref");
        if (ref != null && ref.isTextual() && ref.asText().startsWith(REF_PREFIX)) {
          String name = ref.asText().substring(REF_PREFIX.length());
          if (used.add(name) && schemas.has(name)) {
            todo.add(schemas.get(name));
          }
        }
      }
      if (node.isContainerNode()) {
        node.forEach(todo::add);
      }
    }
    return used;
  }

  /**
   * Writes the JSON Schema 2020-12 forms springdoc uses for OpenAPI 3.1 as OpenAPI 3.0 has them:
   * type lists with "null" as nullable, examples lists as example, numeric exclusive bounds as
   * boolean ones, const as a one-value enum; drops what 3.0 has not.
   */
  static void downTo30(JsonNode node) {
    if (node instanceof ObjectNode object) {
      JsonNode type = object.get("type");
      if (type instanceof ArrayNode types) {
        String single = null;
        for (JsonNode t : types) {
          if ("null".equals(t.asText())) {
            object.put("nullable", true);
          } else if (single == null) {
            single = t.asText();
          }
        }
        if (single == null) {
          object.remove("type");
        } else {
          object.put("type", single);
        }
      }
      if (object.get("examples") instanceof ArrayNode examples) {
        if (!object.has("example") && !examples.isEmpty()) {
          object.set("example", examples.get(0));
        }
        object.remove("examples");
      }
      for (String bound : List.of("Minimum", "Maximum")) {
        JsonNode exclusive = object.get("exclusive" + bound);
        if (exclusive != null && exclusive.isNumber()) {
          object.set(bound.toLowerCase(Locale.ROOT), exclusive);
          object.put("exclusive" + bound, true);
        }
      }
      JsonNode constant = object.get("const");
      if (constant != null && constant.isValueNode()) {
        object.putArray("enum").add(constant);
        object.remove("const");
      }
      object.remove(
          List.of(
              "$schema",
              "$id",
              "$comment",
              "contentMediaType",
              "contentEncoding",
              "unevaluatedProperties",
              "prefixItems",
              "dependentRequired",
              "dependentSchemas"));
    }
    if (node != null && node.isContainerNode()) {
      node.forEach(EdrApiDefinition::downTo30);
    }
  }
}
