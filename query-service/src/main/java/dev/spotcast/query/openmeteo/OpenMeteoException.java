package dev.spotcast.query.openmeteo;

/** A request Open-Meteo's API refuses: answered 400 with {@code {"error":true,"reason":...}}. */
public class OpenMeteoException extends RuntimeException {

  public OpenMeteoException(String reason) {
    super(reason);
  }
}
