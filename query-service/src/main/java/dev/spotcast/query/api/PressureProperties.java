package dev.spotcast.query.api;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * When this service's users count as hurting ({@link UserPressure}, {@code /actuator/pressure}):
 * the signal loaders on the same cluster yield to.
 *
 * @param latencyTarget a forecast request answered later than this after it arrived is slow; half
 *     the users' target (200 ms at p99), so that loaders step back before the target is missed
 * @param slowShare the share of slow requests above which the users count as hurting (0.01: the p99
 *     is above the latency target)
 * @param window how far back the door's counts are read: long enough to hold a few hundred
 *     requests, short enough that a loader sees the users' relief within seconds
 * @param hostCpuStall the share of the last ten seconds in which some task of this host waited for
 *     a core (Linux's {@code /proc/pressure/cpu}) above which the users count as hurting, for a
 *     service that shares its host with Elasticsearch or the loader: there the users' wait grows
 *     before their requests reach the door, where its counts cannot see it. 1 (the default) turns
 *     it off: a query service on a host of its own has nothing to learn from it
 */
@Validated
@ConfigurationProperties("spotcast.query.pressure")
public record PressureProperties(
    @DefaultValue("100ms") Duration latencyTarget,
    @DefaultValue("0.01") double slowShare,
    @DefaultValue("5s") Duration window,
    @DefaultValue("1") double hostCpuStall) {

  public PressureProperties {
    if (latencyTarget.isNegative() || window.isZero() || window.isNegative()) {
      throw new IllegalArgumentException(
          "spotcast.query.pressure: latency-target must be >= 0 and window > 0");
    }
    if (!(slowShare >= 0 && slowShare < 1)) {
      throw new IllegalArgumentException(
          "spotcast.query.pressure.slow-share must be in [0, 1), not " + slowShare);
    }
    if (!(hostCpuStall >= 0 && hostCpuStall <= 1)) {
      throw new IllegalArgumentException(
          "spotcast.query.pressure.host-cpu-stall must be in [0, 1] (1: off), not " + hostCpuStall);
    }
  }

  /** The rule as a {@link UserPressure} counting from now. */
  public UserPressure newPressure() {
    return new UserPressure(window.toNanos(), latencyTarget.toNanos(), slowShare, hostCpuStall);
  }
}
