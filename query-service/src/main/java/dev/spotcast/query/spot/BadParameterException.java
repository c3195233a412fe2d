package dev.spotcast.query.spot;

/** A request parameter that is missing or malformed (HTTP 400); names the parameter. */
public class BadParameterException extends RuntimeException {

  private final String parameter;

  public BadParameterException(String parameter, String detail) {
    super(detail);
    this.parameter = parameter;
  }

  public String parameter() {
    return parameter;
  }
}
