package dev.spotcast.ingest.security;

import java.util.Collection;
import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;

/**
 * A request's API key: before checking, the presented key; after, the name of the configured key it
 * matched and that key's roles. The key itself is dropped once checked.
 */
public final class ApiKeyAuthentication extends AbstractAuthenticationToken {

  private final String name;
  private String presentedKey;

  private ApiKeyAuthentication(
      String name, String presentedKey, Collection<? extends GrantedAuthority> roles) {
    super(roles);
    this.name = name;
    this.presentedKey = presentedKey;
    setAuthenticated(presentedKey == null);
  }

  /** A key as presented, not yet checked. */
  static ApiKeyAuthentication presented(String key) {
    return new ApiKeyAuthentication(null, key, List.of());
  }

  /** A checked key: the configured key's name and roles. */
  static ApiKeyAuthentication checked(String name, Collection<? extends GrantedAuthority> roles) {
    return new ApiKeyAuthentication(name, null, roles);
  }

  String presentedKey() {
    return presentedKey;
  }

  @Override
  public Object getCredentials() {
    return presentedKey;
  }

  @Override
  public Object getPrincipal() {
    return name;
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public void eraseCredentials() {
    presentedKey = null;
  }
}
