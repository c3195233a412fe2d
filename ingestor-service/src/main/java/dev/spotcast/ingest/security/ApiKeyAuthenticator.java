package dev.spotcast.ingest.security;

import dev.spotcast.ingest.security.ApiKeyProperties.ApiKey;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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

  static final String SCHEME = "ApiKey";
  static final String HEADER = "X-API-Key";

  private final List<ApiKey> keys;

  ApiKeyAuthenticator(ApiKeyProperties properties) {
    this.keys = properties.apiKeys();
  }

  /** The presented key, or null when the request carries none (it is then anonymous). */
  @Override
  public Authentication convert(HttpServletRequest request) {
    String header = request.getHeader(HEADER);
    if (header != null) {
      return ApiKeyAuthentication.presented(header.strip());
    }
    String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
    if (authorization == null) {
      return null;
    }
    if (!authorization.regionMatches(true, 0, SCHEME + " ", 0, SCHEME.length() + 1)) {
      throw new BadCredentialsException("the Authorization header must be 'ApiKey <key>'");
    }
    return ApiKeyAuthentication.presented(authorization.substring(SCHEME.length() + 1).strip());
  }

  @Override
  public Authentication authenticate(Authentication authentication) throws AuthenticationException {
    String presented = ((ApiKeyAuthentication) authentication).presentedKey();
    if (presented == null || presented.isEmpty()) {
      throw new BadCredentialsException("empty API key");
    }
    byte[] digest = sha256(presented);
    ApiKey matched = null;
    for (ApiKey key : keys) {
      if (MessageDigest.isEqual(digest, key.digest())) {
        matched = key;
      }
    }
    if (matched == null) {
      throw new BadCredentialsException("unknown API key");
    }
    return ApiKeyAuthentication.checked(matched.name(),
        matched.roles().stream().map(SimpleGrantedAuthority::new).toList());
  }

  static byte[] sha256(String key) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
