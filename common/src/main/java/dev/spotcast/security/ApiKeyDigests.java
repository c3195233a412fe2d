package dev.spotcast.security;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * API keys as both services take them: a client presents the key ({@code X-API-Key: <key>}, or
 * {@code Authorization: ApiKey <key>} as Prometheus sends it); the configuration holds only its
 * SHA-256 in hex ({@code printf %s "$KEY" | sha256sum}), never the key.
 */
public final class ApiKeyDigests {

  public static final String HEADER = "X-API-Key";
  public static final String SCHEME = "ApiKey";

  private ApiKeyDigests() {}

  /**
   * The key a request presents, or null when it presents none.
   *
   * @throws IllegalArgumentException when the Authorization header has another scheme
   */
  public static String presented(String apiKeyHeader, String authorization) {
    if (apiKeyHeader != null) {
      return apiKeyHeader.strip();
    }
    if (authorization == null) {
      return null;
    }
    if (!authorization.regionMatches(true, 0, SCHEME + " ", 0, SCHEME.length() + 1)) {
      throw new IllegalArgumentException("the Authorization header must be '" + SCHEME + " <key>'");
    }
    return authorization.substring(SCHEME.length() + 1).strip();
  }

  /** What the configuration holds for {@code key}: its SHA-256 in 64 hex digits. */
  public static String digestHex(String key) {
    return DigestUtils.sha256Hex(key);
  }

  /** A configured hash, checked: 64 hex digits. */
  public static byte[] parse(String sha256Hex, String what) {
    if (sha256Hex == null || !sha256Hex.matches("[0-9a-fA-F]{64}")) {
      throw new IllegalArgumentException(
          what + ": 'sha256' must be the key's SHA-256 in 64 hex digits, not the key itself");
    }
    return HexFormat.of().parseHex(sha256Hex);
  }

  /**
   * Which configured digest the presented key has: its index, or -1. Every digest is compared, in
   * constant time, whatever matched, so the time taken says nothing about the keys.
   */
  public static int match(String presented, List<byte[]> digests) {
    byte[] digest = DigestUtils.sha256(presented);
    int matched = -1;
    for (int i = 0; i < digests.size(); i++) {
      if (MessageDigest.isEqual(digest, digests.get(i))) {
        matched = i;
      }
    }
    return matched;
  }
}
