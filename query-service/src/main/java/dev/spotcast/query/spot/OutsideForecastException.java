package dev.spotcast.query.spot;

/**
 * A well-formed request that the published run cannot answer (HTTP 422): a height outside its
 * levels, a time outside its forecast horizon, a place outside its grid. The message gives the
 * valid range.
 */
public class OutsideForecastException extends RuntimeException {

  private final String parameter;

  public OutsideForecastException(String parameter, String detail) {
    super(detail);
    this.parameter = parameter;
  }

  public String parameter() {
    return parameter;
  }
}
