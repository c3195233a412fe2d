package dev.spotcast.query.web;

import java.time.Duration;

/**
 * The {@code Retry-After} of an answer that asks the client to come back: whole seconds, at least
 * one.
 */
public final class RetryAfter {

  private RetryAfter() {}

  /** A wait in whole seconds, rounded up (HTTP's Retry-After has no fractions), never 0. */
  public static long seconds(Duration wait) {
    return Math.max(1, (wait.toMillis() + 999) / 1000);
  }
}
