package dev.spotcast.query.spot;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The spot use case's one input, validated: every value is within its syntactic range; whether the
 * model's run covers it is checked against the run by {@link SpotPlan}. Made only by {@link #of}
 * (the parser, EDR, ensembles, blends, Open-Meteo and the benchmarks alike; an architecture rule
 * says so) and changed only by its withers.
 *
 * @param which which run: the model, the run id (null: the published run), an ensemble's member or
 *     statistic
 * @param where where: latitude, longitude, height or pressure, the site
 * @param how how to read: the parameters, the method, the neighbours, the IDW power, the period
 * @param time when: the valid time
 */
public record SpotRequest(RunSelection which, Place where, Reading how, Instant time) {

  /** The period an amount is answered over when the request names none: the hour before. */
  public static final Duration DEFAULT_PERIOD = Duration.ofHours(1);

  /**
   * The period that means "the model's own interval ending at the time": what a series answers its
   * amounts over when none is asked for, so that its steps' amounts add up.
   */
  public static final Duration OWN_INTERVAL = Duration.ZERO;

  public SpotRequest {
    Objects.requireNonNull(which, "which");
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(how, "how");
  }

  /** Which run, where, how to read and when: the one way a spot request is made. */
  public static SpotRequest of(RunSelection which, Place where, Reading how, Instant time) {
    return new SpotRequest(which, where, how, time);
  }

  /** The same request at another valid time. */
  public SpotRequest at(Instant other) {
    return new SpotRequest(which, where, how, other);
  }

  /** The same request of another run (an ensemble's member model). */
  public SpotRequest withRun(RunSelection other) {
    return new SpotRequest(other, where, how, time);
  }

  /** The same request for other parameters. */
  public SpotRequest withParams(List<String> other) {
    Reading reading = how.withParams(other);
    return reading == how ? this : new SpotRequest(which, where, reading, time);
  }

  /** The same request with amounts over another period before its time. */
  public SpotRequest over(Duration other) {
    return new SpotRequest(which, where, how.over(other), time);
  }

  /** The period amounts are answered over: the one asked for, else the hour before. */
  public Duration amountPeriod() {
    return how.period() == null ? DEFAULT_PERIOD : how.period();
  }

  /** Whether {@code period=} was given. */
  public boolean periodAsked() {
    return how.period() != null;
  }
}
