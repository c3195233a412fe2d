package dev.spotcast.ingestor.bulk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads whether the users of the query services are hurting, from each service's {@code
 * /actuator/pressure} (its door's count of slow and refused forecast requests over its last few
 * seconds), and moves a {@link SendPace} by it: any service busy halves the pace, all clear give
 * one turn back.
 *
 * <p>A service that takes the connection but does not answer within the timeout counts as busy: a
 * service too loaded to answer this is the case the pace is for. A service that refuses the
 * connection or does not take it in time (stopped, not started yet, gone) or answers something else
 * than its pressure (an older version, a wrong address) has no users to yield to and counts as
 * clear, with a warning in the log: a load is never held back by a query service that is not there.
 */
public final class PressureWatch {

  /** What one reading of the query services said. */
  public enum Reading {
    /** At least one service's users are hurting (or it did not answer in time). */
    BUSY,
    /** No service is busy. */
    CLEAR
  }

  private static final Logger log = LoggerFactory.getLogger(PressureWatch.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<URI> services;
  private final Duration timeout;
  private final HttpClient http;

  /**
   * @param services the query services' base addresses ({@code http://host:port}); their pressure
   *     is read at {@code /actuator/pressure}
   * @param timeout how long a service has to answer before it counts as busy
   * @throws IllegalArgumentException for an address that is not one ({@link #requireAddress})
   */
  public PressureWatch(List<URI> services, Duration timeout) {
    services.forEach(PressureWatch::requireAddress);
    this.services =
        services.stream()
            .map(base -> base.resolve(base.getPath().endsWith("/") ? "" : base.getPath() + "/"))
            .map(base -> base.resolve("actuator/pressure"))
            .toList();
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  /**
   * Refuses what is not a query service's address (a scheme and a host), saying what one is.
   *
   * @throws IllegalArgumentException naming the address
   */
  public static void requireAddress(URI service) {
    if (!service.isAbsolute() || service.getHost() == null) {
      throw new IllegalArgumentException(
          service + " is not an address such as http://127.0.0.1:8080");
    }
  }

  /** The pressure addresses read. */
  public List<URI> addresses() {
    return services;
  }

  /** Reads every service once and moves {@code pace} by what they say; returns the reading. */
  public Reading follow(SendPace pace) throws InterruptedException {
    Reading reading = read();
    move(pace, reading);
    return reading;
  }

  /** Moves {@code pace} by one reading: busy halves it, clear gives one turn back. */
  public static void move(SendPace pace, Reading reading) {
    if (reading == Reading.BUSY) {
      pace.congested();
    } else {
      pace.clear();
    }
  }

  /** Reads every service once. */
  public Reading read() throws InterruptedException {
    Reading reading = Reading.CLEAR;
    for (URI service : services) {
      if (busy(service)) {
        reading = Reading.BUSY;
      }
    }
    return reading;
  }

  private boolean busy(URI service) throws InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(service)
            .timeout(timeout)
            .header("Accept", "application/json")
            .GET()
            .build();
    try {
      HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        log.warn(
            "the query service's pressure at {} answered {}; it counts as clear",
            service,
            response.statusCode());
        return false;
      }
      JsonNode busy = JSON.readTree(response.body()).get("busy");
      if (busy == null || !busy.isBoolean()) {
        log.warn("the answer of {} says nothing of busy; it counts as clear", service);
        return false;
      }
      return busy.booleanValue();
    } catch (HttpConnectTimeoutException e) {
      log.warn("no connection to {} within {}; it counts as clear", service, timeout);
      return false;
    } catch (HttpTimeoutException e) {
      return true; // connected, but no answer in time: too busy to answer
    } catch (ConnectException e) {
      log.debug("no query service at {}; it counts as clear", service);
      return false;
    } catch (IOException e) {
      log.warn("reading the pressure at {} failed ({}); it counts as clear", service, e.toString());
      return false;
    }
  }
}
