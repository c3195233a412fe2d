package dev.spotcast.query.edr;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * The EDR API definition cut from the service's OpenAPI 3.1 description (the OGC suite's Abstract
 * Tests 4 and 5, /conf/core/api-definition and api-definition-success, read it as OpenAPI 3.0).
 */
class EdrApiDefinitionTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theEdrPathsBelowTheirBaseWithTheSchemasTheyUseWrittenAs30() throws Exception {
    ObjectNode whole =
        (ObjectNode)
            JSON.readTree(
                """
                {"openapi":"3.1.0","jsonSchemaDialect":"x","info":{"title":"t","version":"v1",
                 "summary":"s","license":{"name":"l","identifier":"MIT"}},
                 "servers":[{"url":"http://h"}],
                 "paths":{
                  "/v1/spot":{"get":{"responses":{"200":{"description":"ok",
                    "content":{"application/json":{"schema":{"$ref":"#/components/schemas/Spot"}}}}}}},
                  "/edr":{"get":{"responses":{"200":{"description":"ok"}}}},
                  "/edr/":{"get":{"responses":{"200":{"description":"ok"}}}},
                  "/edr/conformance/":{"get":{"responses":{"200":{"description":"ok"}}}},
                  "/edr/collections":{"get":{"parameters":[{"name":"n","in":"query",
                    "schema":{"type":["integer","null"],"exclusiveMinimum":0,"examples":[3]}}],
                    "responses":{"200":{"description":"ok","content":{"application/json":
                    {"schema":{"$ref":"#/components/schemas/Collections"}}}}}}}},
                 "components":{"schemas":{
                  "Spot":{"type":"object"},
                  "Collections":{"type":"object","properties":{
                    "one":{"$ref":"#/components/schemas/Collection"},
                    "type":{"const":"Coverage"}}},
                  "Collection":{"type":"object"}}}}
                """);
    JsonNode edr = EdrApiDefinition.edrOnly(whole, "http://h/edr");

    assertThat(edr.path("openapi").asText()).isEqualTo("3.0.3");
    assertThat(edr.has("jsonSchemaDialect")).isFalse();
    assertThat(edr.path("info").has("summary")).isFalse();
    assertThat(edr.path("info").path("license").has("identifier")).isFalse();
    assertThat(edr.path("servers").toString()).contains("\"url\":\"http://h/edr\"");
    JsonNode paths = edr.path("paths");
    assertThat(paths.has("/")).isTrue();
    assertThat(paths.has("/collections")).isTrue();
    assertThat(paths.has("/conformance/")).isFalse();
    assertThat(paths.has("/v1/spot")).isFalse();
    assertThat(paths.size()).isEqualTo(2);

    JsonNode schema =
        paths.path("/collections").path("get").path("parameters").get(0).path("schema");
    assertThat(schema.path("type").asText()).isEqualTo("integer");
    assertThat(schema.path("nullable").asBoolean()).isTrue();
    assertThat(schema.path("minimum").asInt()).isZero();
    assertThat(schema.path("exclusiveMinimum").asBoolean()).isTrue();
    assertThat(schema.path("example").asInt()).isEqualTo(3);
    assertThat(schema.has("examples")).isFalse();

    JsonNode schemas = edr.path("components").path("schemas");
    assertThat(schemas.has("Collections")).isTrue();
    assertThat(schemas.has("Collection")).isTrue();
    assertThat(schemas.has("Spot")).isFalse();
    assertThat(schemas.path("Collections").path("properties").path("type").path("enum").toString())
        .isEqualTo("[\"Coverage\"]");
    // The whole description is left as it was.
    assertThat(whole.path("openapi").asText()).isEqualTo("3.1.0");
  }
}
