package dev.spotcast.query.api;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.request.SpotRequestParser;
import dev.spotcast.query.search.SearchSaturatedException;
import dev.spotcast.query.search.SearchUnavailableException;
import dev.spotcast.query.spot.Blends;
import dev.spotcast.query.spot.Ensembles;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.SpotService;
import dev.spotcast.query.spot.UnknownModelException;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The HTTP contract of errors: every failure is problem+json with the right status and names the
 * parameter. The service is replaced so that each failure can be produced on demand.
 */
@WebMvcTest(SpotController.class)
@Import(SpotRequestParser.class)
@EnableConfigurationProperties(QueryProperties.class)
class SpotControllerTest {

  private static final String VALID =
      "/v1/spot?lat=45&lon=5&time=2026-11-21T06:00Z&alt=100&model=synth";

  @Autowired private MockMvc mvc;

  @MockitoBean private SpotService service;
  // No blend configured: a mock answers isBlend with false.
  @MockitoBean private Blends blends;
  @MockitoBean private Ensembles ensembles;

  @Test
  void aMissingParameterIsABadRequestNamingIt() throws Exception {
    mvc.perform(get("/v1/spot?lon=5&time=2026-11-21T06:00Z&alt=100&model=synth"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.parameter").value("lat"))
        .andExpect(jsonPath("$.detail").value("lat is required"));
  }

  @Test
  void aMalformedValueIsABadRequestNamingIt() throws Exception {
    mvc.perform(get("/v1/spot?lat=45&lon=5&time=yesterday&alt=100&model=synth"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.parameter").value("time"))
        .andExpect(jsonPath("$.status").value(400));
  }

  @Test
  void anUnknownModelIsNotFoundListingThePublishedOnes() throws Exception {
    given(service.spot(any())).willThrow(new UnknownModelException("nope", Set.of("synth", "gfs")));

    mvc.perform(get(VALID))
        .andExpect(status().isNotFound())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.parameter").value("model"))
        .andExpect(jsonPath("$.models[0]").value("gfs"))
        .andExpect(jsonPath("$.models[1]").value("synth"));
  }

  @Test
  void outsideTheRunIsUnprocessable() throws Exception {
    given(service.spot(any()))
        .willThrow(new OutsideForecastException("alt", "alt 12000 m is above the highest level"));

    mvc.perform(get(VALID))
        .andExpect(status().isUnprocessableEntity())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.parameter").value("alt"))
        .andExpect(jsonPath("$.detail").value("alt 12000 m is above the highest level"));
  }

  @Test
  void elasticsearchUnavailableIsServiceUnavailableWithRetryAfter() throws Exception {
    given(service.spot(any()))
        .willThrow(new SearchUnavailableException("Elasticsearch cannot be reached", null));

    mvc.perform(get(VALID))
        .andExpect(status().isServiceUnavailable())
        .andExpect(header().string("Retry-After", "5"))
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.detail").value("Elasticsearch cannot be reached"));
  }

  @Test
  void aFullBulkheadIsTooManyRequestsWithRetryAfter() throws Exception {
    given(service.spot(any()))
        .willThrow(new SearchSaturatedException("too many requests are waiting for Elasticsearch"));

    mvc.perform(get(VALID))
        .andExpect(status().isTooManyRequests())
        .andExpect(header().string("Retry-After", "1"))
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.status").value(429))
        .andExpect(
            jsonPath("$.action")
                .value("retry the same request after 1 s (Retry-After), or send fewer at once"));
  }

  @Test
  void anOpenCircuitSaysItsOwnWait() throws Exception {
    given(service.spot(any()))
        .willThrow(new SearchUnavailableException("circuit open", null, Duration.ofMillis(9500)));

    mvc.perform(get(VALID))
        .andExpect(status().isServiceUnavailable())
        .andExpect(header().string("Retry-After", "10"))
        .andExpect(jsonPath("$.retryAfterSeconds").value(10));
  }

  @Test
  void anUnexpectedFailureIsProblemJsonWithoutInternals() throws Exception {
    given(service.spot(any())).willThrow(new IllegalStateException("secret internals"));

    mvc.perform(get(VALID))
        .andExpect(status().isInternalServerError())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.detail").value("internal error; see the service log"));
  }

  @Test
  void aWrongMethodIsProblemJson() throws Exception {
    // POST /v1/spot is the batch (BatchController); DELETE is answered by nothing.
    mvc.perform(delete(VALID))
        .andExpect(status().isMethodNotAllowed())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
  }
}
