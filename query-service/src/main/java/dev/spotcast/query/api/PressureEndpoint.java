package dev.spotcast.query.api;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.stereotype.Component;

/**
 * {@code GET /actuator/pressure}: whether this service's users are hurting now, and the counts that
 * say so ({@link UserPressure}). Loaders on the same cluster read it every second or two and send
 * fewer bulks while it says busy (the ingestion service's {@code spotcast.ingest.yield}).
 */
@Component
@Endpoint(id = "pressure")
public class PressureEndpoint {

  private final AdmissionControl door;

  public PressureEndpoint(AdmissionControl door) {
    this.door = door;
  }

  @ReadOperation
  public UserPressure.Reading pressure() {
    return door.pressure();
  }
}
