package dev.spotcast.query.spot;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A validated spot request: every value is within its syntactic range; whether the model's run
 * covers it is checked against the run by {@link SpotPlan}.
 *
 * @param lon longitude normalised to [-180, 180)
 * @param vertical the height or pressure asked for, or null for the single-level fields
 * @param neighbours grid points to interpolate from (1 for {@link Method#NEAREST}, 4 for {@link
 *     Method#BILINEAR})
 * @param params parameter names to answer, empty for all of the run's parameters at that vertical
 * @param method how grid points are combined
 * @param power the IDW power, or null for the configured one
 * @param run the run id (yyyyMMddHH) asked for, or null for the published run
 * @param period the period before {@code time} an amount (a sum over time) is answered over ({@link
 *     #OWN_INTERVAL}: the model's interval that ends there), or null when not asked for ({@link
 *     #amountPeriod()})
 * @param site the place's elevation and the kind of grid points that may answer it ({@link
 *     Site#ANY}: as the run has)
 */
public record SpotRequest(
    String model,
    double lat,
    double lon,
    Vertical vertical,
    Instant time,
    int neighbours,
    List<String> params,
    Method method,
    Double power,
    String run,
    Site site,
    Duration period) {

  /** The period an amount is answered over when the request names none: the hour before. */
  public static final Duration DEFAULT_PERIOD = Duration.ofHours(1);

  /**
   * The period that means "the model's own interval ending at the time": what a series answers its
   * amounts over when none is asked for, so that its steps' amounts add up.
   */
  public static final Duration OWN_INTERVAL = Duration.ZERO;

  public SpotRequest {
    params = List.copyOf(params);
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(site, "site");
  }

  /** Amounts over the hour before {@code time}. */
  public SpotRequest(
      String model,
      double lat,
      double lon,
      Vertical vertical,
      Instant time,
      int neighbours,
      List<String> params,
      Method method,
      Double power,
      String run,
      Site site) {
    this(model, lat, lon, vertical, time, neighbours, params, method, power, run, site, null);
  }

  /** Without a site's elevation or cell selection. */
  public SpotRequest(
      String model,
      double lat,
      double lon,
      Vertical vertical,
      Instant time,
      int neighbours,
      List<String> params,
      Method method,
      Double power,
      String run) {
    this(model, lat, lon, vertical, time, neighbours, params, method, power, run, Site.ANY);
  }

  /** The same request at another valid time. */
  public SpotRequest at(Instant other) {
    return new SpotRequest(
        model, lat, lon, vertical, other, neighbours, params, method, power, run, site, period);
  }

  /** The same request for other parameters. */
  public SpotRequest withParams(List<String> other) {
    return other.equals(params)
        ? this
        : new SpotRequest(
            model, lat, lon, vertical, time, neighbours, other, method, power, run, site, period);
  }

  /** The period amounts are answered over: the one asked for, else the hour before. */
  public Duration amountPeriod() {
    return period == null ? DEFAULT_PERIOD : period;
  }

  /** Whether {@code period=} was given. */
  public boolean periodAsked() {
    return period != null;
  }

  /** The same request with amounts over another period before its time. */
  public SpotRequest over(Duration other) {
    return new SpotRequest(
        model, lat, lon, vertical, time, neighbours, params, method, power, run, site, other);
  }

  /** Inverse-distance weighting with the configured power, from the published run. */
  public SpotRequest(
      String model,
      double lat,
      double lon,
      Vertical vertical,
      Instant time,
      int neighbours,
      List<String> params) {
    this(model, lat, lon, vertical, time, neighbours, params, Method.IDW, null, null);
  }
}
