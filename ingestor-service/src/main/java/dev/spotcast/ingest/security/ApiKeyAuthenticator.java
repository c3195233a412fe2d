package dev.spotcast.ingest.security;

import dev.spotcast.ingest.security.ApiKeyProperties.ApiKey;
import dev.spotcast.security.ApiKeyDigests;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Reads the API key of a request ({@code Authorization: ApiKey <key>}, the form Prometheus' {@code
 * authorization} setting sends, or {@code X-API-Key: <key>}) and checks it against the configured
 * SHA-256 hashes. Every configured hash is compared, in constant time, whatever matched.
 */
final class ApiKeyAuthenticator implements AuthenticationConverter, AuthenticationManager {

  static final String SCHEME = ApiKeyDigests.SCHEME;
  static final String HEADER = ApiKeyDigests.HEADER;

  private final List<ApiKey> keys;

  ApiKeyAuthenticator(ApiKeyProperties properties) {
    this.keys = properties.apiKeys();
  }

  /** The presented key, or null when the request carries none (it is then anonymous). */
  @Override
  public Authentication convert(HttpServletRequest request) {
    String presented;
    try {
      presented =
          ApiKeyDigests.presented(
              request.getHeader(HEADER), request.getHeader(HttpHeaders.AUTHORIZATION));
    } catch (IllegalArgumentException e) {
      throw new BadCredentialsException(e.getMessage());
    }
    return presented == null ? null : ApiKeyAuthentication.presented(presented);
  }

  @Override
  public Authentication authenticate(Authentication authentication) throws AuthenticationException {
    String presented = ((ApiKeyAuthentication) authentication).presentedKey();
    if (presented == null || presented.isEmpty()) {
      throw new BadCredentialsException("empty API key");
    }
    int matched = ApiKeyDigests.match(presented, keys.stream().map(ApiKey::digest).toList());
    if (matched < 0) {
      throw new BadCredentialsException("unknown API key");
    }
    ApiKey key = keys.get(matched);
    return ApiKeyAuthentication.checked(
        key.name(), key.roles().stream().map(SimpleGrantedAuthority::new).toList());
  }
}
