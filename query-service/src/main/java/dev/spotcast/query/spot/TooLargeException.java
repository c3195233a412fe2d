package dev.spotcast.query.spot;

/**
 * A request that would answer more than the service allows (an area with too many grid points):
 * 413.
 */
public class TooLargeException extends BadParameterException {

  public TooLargeException(String parameter, String detail) {
    super(parameter, detail);
  }
}
