package dev.spotcast.ingest.settings;

import dev.spotcast.ingestor.bulk.PressureWatch;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Loading yields to the users of the query services on the same cluster: every {@code interval}
 * this instance reads each query service's {@code /actuator/pressure}; while any says its users are
 * hurting, the bulks it sends at once are halved (down to {@code min-bulks}), and each clear
 * reading gives one back (up to every sender of every worker). Without query services, loading goes
 * at its full pace.
 *
 * @param queryServices the query services' base addresses ({@code http://host:8080}), each instance
 *     rather than their balancer, so that a busy one is not hidden behind an idle one
 * @param interval how often their pressure is read
 * @param timeout how long a service has to answer; connected but silent longer counts as busy
 * @param minBulks the fewest bulks in flight however busy the users: the run is late, never stalled
 * @param serveWithin the time a run has from its job's creation to being served: while a run being
 *     loaded is behind that schedule (a smaller share of its documents indexed than of the time
 *     gone), loading does not yield, so that the users get what the runs' deadlines can spare; zero
 *     (the default): no floor, loading yields however late the runs
 */
@ConfigurationProperties("spotcast.ingest.yield")
public record YieldProperties(
    @DefaultValue List<URI> queryServices,
    @DefaultValue("1s") Duration interval,
    @DefaultValue("1s") Duration timeout,
    @DefaultValue("1") int minBulks,
    @DefaultValue("0s") Duration serveWithin) {

  public YieldProperties {
    if (minBulks < 1) {
      throw new IllegalArgumentException("spotcast.ingest.yield.min-bulks must be >= 1");
    }
    if (serveWithin.isNegative()) {
      throw new IllegalArgumentException(
          "spotcast.ingest.yield.serve-within must be >= 0 (0: no floor), not " + serveWithin);
    }
    for (URI service : queryServices) {
      try {
        PressureWatch.requireAddress(service);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "spotcast.ingest.yield.query-services: " + e.getMessage());
      }
    }
  }
}
