package dev.spotcast.ingest.work;

import dev.spotcast.ingest.settings.KafkaTopics;
import dev.spotcast.ingest.settings.YieldProperties;
import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.PressureWatch;
import dev.spotcast.ingestor.bulk.SendPace;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * This instance's loading yields to the query services' users ({@code spotcast.ingest.yield}): one
 * {@link SendPace} for every chunk the instance loads, moved every interval by the services'
 * pressure. Its state is in {@code /actuator/prometheus}: {@code spotcast_ingest_pace_limit} (bulks
 * allowed at once), {@code spotcast_ingest_pace_rest} (how many times as long as a bulk took a turn
 * waits after it, below one bulk), {@code spotcast_ingest_pace_in_flight}, {@code
 * spotcast_ingest_pace_congestions_total} (readings that halved it) and {@code
 * spotcast_ingest_users_busy} (the last reading).
 */
@Component
public class Yielding {

  private static final Logger log = LoggerFactory.getLogger(Yielding.class);

  private final SendPace pace;
  private final PressureWatch watch;
  private volatile PressureWatch.Reading last = PressureWatch.Reading.CLEAR;

  public Yielding(
      YieldProperties properties,
      LoaderSettings loader,
      KafkaTopics topics,
      MeterRegistry registry) {
    int max = topics.workConcurrency() * loader.senderThreads();
    if (properties.queryServices().isEmpty()) {
      this.pace = SendPace.UNPACED;
      this.watch = null;
    } else {
      this.pace = new SendPace(Math.min(properties.minBulks(), max), max);
      this.watch = new PressureWatch(properties.queryServices(), properties.timeout());
      log.info(
          "loading yields to the users of {}: {} to {} bulks at once",
          watch.addresses(),
          pace.min(),
          pace.max());
    }
    Gauge.builder("spotcast.ingest.pace.limit", this, y -> y.watch == null ? max : y.pace.limit())
        .description("bulks this instance may send at once, as the users' pressure allows")
        .register(registry);
    Gauge.builder("spotcast.ingest.pace.rest", pace, SendPace::rest)
        .description("how many times as long as its bulk took a turn waits after it (0: no rest)")
        .register(registry);
    Gauge.builder("spotcast.ingest.pace.in.flight", pace, SendPace::inFlight)
        .description("bulks in flight under the pace")
        .register(registry);
    FunctionCounter.builder("spotcast.ingest.pace.congestions", pace, SendPace::congestions)
        .description("readings of the users' pressure that halved the bulks allowed")
        .register(registry);
    Gauge.builder(
            "spotcast.ingest.users.busy", this, y -> y.last == PressureWatch.Reading.BUSY ? 1 : 0)
        .description("1 when the last reading said the query services' users are hurting")
        .register(registry);
  }

  /** The pace every chunk's bulks take their turns from. */
  public SendPace pace() {
    return pace;
  }

  @Scheduled(
      fixedDelayString = "${spotcast.ingest.yield.interval:1s}",
      initialDelayString = "${spotcast.ingest.yield.interval:1s}")
  public void follow() {
    if (watch == null) {
      return;
    }
    try {
      PressureWatch.Reading reading = watch.follow(pace);
      if (reading != last) {
        log.info(
            reading == PressureWatch.Reading.BUSY
                ? "the query services' users are hurting: loading yields, {} bulks at once, rest {}"
                : "the query services' users are clear again: loading climbs back from {} bulks,"
                    + " rest {}",
            pace.limit(),
            pace.rest());
      }
      last = reading;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
