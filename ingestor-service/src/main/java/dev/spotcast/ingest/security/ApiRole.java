package dev.spotcast.ingest.security;

import java.util.Arrays;

/**
 * What an API key may do. The names are the authorities Spring Security checks and the values
 * operators write in {@code spotcast.security.api-keys[*].roles}.
 */
public enum ApiRole {
  /**
   * Start jobs ({@code POST /v1/ingestions}), cancel them ({@code DELETE /v1/ingestions/{id}}) and
   * restore archived runs ({@code POST /v1/archive/{model}/{run}/restore}).
   */
  SUBMIT("ingest:submit"),
  /**
   * Read jobs ({@code GET /v1/ingestions/{id}}), the archived runs ({@code GET /v1/archive}),
   * health details, metrics and the other actuator endpoints.
   */
  READ("ingest:read");

  private final String authority;

  ApiRole(String authority) {
    this.authority = authority;
  }

  public String authority() {
    return authority;
  }

  /**
   * @throws IllegalArgumentException naming the valid roles
   */
  public static ApiRole of(String authority) {
    return Arrays.stream(values())
        .filter(r -> r.authority.equals(authority))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown role '"
                        + authority
                        + "'; valid roles: "
                        + Arrays.stream(values()).map(ApiRole::authority).toList()));
  }
}
