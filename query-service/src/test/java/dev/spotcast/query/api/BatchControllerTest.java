package dev.spotcast.query.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.request.SpotRequestParser;
import dev.spotcast.query.spot.Ensembles;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.SpotService;
import dev.spotcast.query.spot.Vertical;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The HTTP contract of POST /v1/spot, with the service replaced. */
@WebMvcTest(value = BatchController.class, properties = "spotcast.query.max-batch-points=3")
@Import(SpotRequestParser.class)
@EnableConfigurationProperties(QueryProperties.class)
class BatchControllerTest {

  private static final String POINT =
      "{\"lat\":45,\"lon\":5,\"alt\":100,\"time\":\"2026-11-21T06:00Z\"}";

  @Autowired private MockMvc mvc;

  @MockitoBean private SpotService service;
  @MockitoBean private Ensembles ensembles;

  @Test
  @SuppressWarnings("unchecked")
  void sharedOptionsApplyToEveryPointAndProblemsStayPerPoint() throws Exception {
    SpotForecast forecast =
        new SpotForecast(
            "synth",
            Instant.parse("2026-11-21T00:00:00Z"),
            Instant.parse("2026-11-21T06:00:00Z"),
            45,
            5,
            100.0,
            null,
            "idw",
            Map.of(),
            List.of(),
            List.of(),
            List.of());
    given(service.batch(any()))
        .willReturn(
            List.of(
                new SpotService.PointAnswer(forecast, null),
                new SpotService.PointAnswer(
                    null, new OutsideForecastException("time", "time is after the last step"))));

    mvc.perform(
            post("/v1/spot")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"model\":\"synth\",\"n\":7,\"params\":[\"t\",\"u\"],\"run\":\"2026112100\",\"points\":["
                        + POINT
                        + ",{\"lat\":\"46.5\",\"lon\":6,\"pressure\":850,\"time\":\"2026-11-21T07:00:00+01:00\"}]}"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.answered").value(1))
        .andExpect(jsonPath("$.failed").value(1))
        .andExpect(jsonPath("$.results[0].model").value("synth"))
        .andExpect(jsonPath("$.results[1].status").value(422))
        .andExpect(jsonPath("$.results[1].parameter").value("points[1].time"))
        .andExpect(jsonPath("$.results[1].detail").value("time is after the last step"));

    ArgumentCaptor<List<SpotRequest>> requests = ArgumentCaptor.forClass(List.class);
    verify(service).batch(requests.capture());
    assertThat(requests.getValue())
        .containsExactly(
            SpotRequest.of(
                RunSelection.of("synth", "2026112100"),
                Place.at(45, 5, Vertical.height(100)),
                Reading.idw(7, List.of("t", "u")),
                Instant.parse("2026-11-21T06:00:00Z")),
            SpotRequest.of(
                RunSelection.of("synth", "2026112100"),
                Place.at(46.5, 6, Vertical.pressure(850)),
                Reading.idw(7, List.of("t", "u")),
                Instant.parse("2026-11-21T06:00:00Z")));
  }

  @Test
  void morePointsThanConfiguredIsABadRequestNamingPoints() throws Exception {
    mvc.perform(
            post("/v1/spot")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"model\":\"synth\",\"points\":["
                        + String.join(",", POINT, POINT, POINT, POINT)
                        + "]}"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.parameter").value("points"));
    verify(service, never()).batch(any());
  }

  @Test
  void aMalformedPointNamesItsIndexAndField() throws Exception {
    mvc.perform(
            post("/v1/spot")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"model\":\"synth\",\"points\":["
                        + POINT
                        + ",{\"lat\":45,\"lon\":\"east\",\"time\":\"2026-11-21T06:00Z\"}]}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.parameter").value("points[1].lon"));
    mvc.perform(
            post("/v1/spot")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"model\":\"synth\",\"method\":\"cubic\",\"points\":[" + POINT + "]}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.parameter").value("method"));
    mvc.perform(
            post("/v1/spot")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"model\":\"synth\",\"points\":[]}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.parameter").value("points"));
    mvc.perform(post("/v1/spot").contentType(MediaType.APPLICATION_JSON).content("{\"model\":"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
    verify(service, never()).batch(any());
  }
}
