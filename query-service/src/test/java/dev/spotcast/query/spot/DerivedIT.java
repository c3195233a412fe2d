package dev.spotcast.query.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.query.RunFixtures;
import dev.spotcast.query.ServiceTestBase;
import dev.spotcast.query.api.SpotApiIT;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.weather.ApparentTemperature;
import dev.spotcast.weather.Humidity;
import dev.spotcast.weather.Wind;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/**
 * Derived variables asked by name are made from the interpolated values of what they need, with the
 * formulas of {@code dev.spotcast.weather}; what they were made from is answered only when asked.
 */
class DerivedIT extends ServiceTestBase {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SPOT =
      "/v1/spot?model="
          + SpotApiIT.MODEL
          + "&lat=45.5&lon=5.25&alt=750&time=2026-11-21T04:20:00Z&params=";

  @Autowired private TestRestTemplate http;
  @Autowired private ElasticsearchClient client;
  @Autowired private PublishedRuns publishedRuns;

  @BeforeEach
  void runIsServed() throws Exception {
    RunFixtures.spotRunServed(client, publishedRuns);
  }

  private JsonNode values(String params) throws Exception {
    ResponseEntity<String> response = http.getForEntity(SPOT + params, String.class);
    assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(200);
    return JSON.readTree(response.getBody()).path("values");
  }

  @Test
  void dewPointAndApparentTemperatureFromTheAnsweredValues() throws Exception {
    JsonNode v = values("t,rh,u,v,dew_point,apparent_temperature");
    double t = v.path("t").path("value").asDouble();
    double rh = v.path("rh").path("value").asDouble();
    double speed =
        Wind.speed(v.path("u").path("value").asDouble(), v.path("v").path("value").asDouble());

    assertThat(v.path("dew_point").path("value").asDouble())
        .isCloseTo(Humidity.dewPoint(t, rh), within(1e-9));
    assertThat(v.path("dew_point").path("unit").asText()).isEqualTo("K");
    assertThat(v.path("apparent_temperature").path("value").asDouble())
        .isCloseTo(ApparentTemperature.of(t, rh, speed), within(1e-9));
  }

  @Test
  void whatADerivedVariableIsMadeFromIsNotAnsweredUnlessAsked() throws Exception {
    JsonNode v = values("dew_point");

    assertThat(v.size()).isEqualTo(1);
    assertThat(v.path("dew_point").path("value").isNumber()).isTrue();
  }

  @Test
  void unitsConvertDerivedTemperatures() throws Exception {
    ResponseEntity<String> response = http.getForEntity(SPOT + "dew_point&units=C", String.class);
    JsonNode v = JSON.readTree(response.getBody()).path("values");
    JsonNode kelvin = values("dew_point");

    assertThat(v.path("dew_point").path("value").asDouble())
        .isCloseTo(kelvin.path("dew_point").path("value").asDouble() - 273.15, within(1e-9));
  }
}
