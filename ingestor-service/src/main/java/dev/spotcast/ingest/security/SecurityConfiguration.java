package dev.spotcast.ingest.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.AuthenticationEntryPointFailureHandler;
import org.springframework.security.web.authentication.AuthenticationFilter;

/**
 * Who may call what. Every request but health and the API description needs an API key ({@link
 * ApiKeyProperties}); starting and cancelling jobs and restoring archived runs needs {@code
 * ingest:submit}, reading jobs, archived runs, metrics and the other actuator endpoints {@code
 * ingest:read}. Health answers anyone with its status only; its details (cluster name, errors) need
 * {@code ingest:read} ({@code management.endpoint.health.roles}). Stateless: no session, no cookie,
 * so no CSRF token.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ApiKeyProperties.class)
public class SecurityConfiguration {

  private static final Logger log = LoggerFactory.getLogger(SecurityConfiguration.class);
  private static final String JOBS = "/v1/ingestions";
  private static final String RUNS = "/v1/runs";
  private static final String ARCHIVE = "/v1/archive";
  private static final String FEEDS = "/v1/feeds";

  @Bean
  SecurityFilterChain apiSecurity(HttpSecurity http, ApiKeyProperties keys, ObjectMapper json)
      throws Exception {
    if (keys.apiKeys().isEmpty()) {
      log.warn(
          "no API key configured (spotcast.security.api-keys): every request to the API will be refused");
    } else {
      log.info(
          "API keys accepted: {}",
          keys.apiKeys().stream().map(k -> k.name() + " " + k.roles()).toList());
    }
    ProblemResponses problems = new ProblemResponses(json);
    ApiKeyAuthenticator authenticator = new ApiKeyAuthenticator(keys);
    AuthenticationFilter apiKeys = new AuthenticationFilter(authenticator, authenticator);
    // Go on with the request once the key is checked (the default would redirect, as after a login
    // form).
    apiKeys.setSuccessHandler((request, response, authentication) -> {});
    apiKeys.setFailureHandler(new AuthenticationEntryPointFailureHandler(problems));
    http.csrf(AbstractHttpConfigurer::disable)
        .httpBasic(AbstractHttpConfigurer::disable)
        .formLogin(AbstractHttpConfigurer::disable)
        .logout(AbstractHttpConfigurer::disable)
        .requestCache(AbstractHttpConfigurer::disable)
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .addFilterBefore(apiKeys, AnonymousAuthenticationFilter.class)
        .exceptionHandling(e -> e.authenticationEntryPoint(problems).accessDeniedHandler(problems))
        .authorizeHttpRequests(
            requests ->
                requests
                    .requestMatchers("/actuator/health", "/actuator/health/**", "/error")
                    .permitAll()
                    .requestMatchers(
                        "/v3/api-docs", "/v3/api-docs/**", "/swagger-ui.html", "/swagger-ui/**")
                    .permitAll()
                    .requestMatchers(HttpMethod.POST, JOBS)
                    .hasAuthority(ApiRole.SUBMIT.authority())
                    .requestMatchers(HttpMethod.DELETE, JOBS + "/*")
                    .hasAuthority(ApiRole.SUBMIT.authority())
                    // A restore starts work that writes runs, as a job does.
                    .requestMatchers(HttpMethod.POST, ARCHIVE + "/*/*/restore")
                    .hasAuthority(ApiRole.SUBMIT.authority())
                    .requestMatchers(HttpMethod.GET, JOBS, JOBS + "/*", RUNS, ARCHIVE, FEEDS)
                    .hasAuthority(ApiRole.READ.authority())
                    // The console's page and script hold no data: every number it shows comes from
                    // the API above, with the key its user types in.
                    .requestMatchers(HttpMethod.GET, "/", "/console", "/console/", "/console/*")
                    .permitAll()
                    .requestMatchers("/actuator/**")
                    .hasAuthority(ApiRole.READ.authority())
                    .anyRequest()
                    .denyAll());
    return http.build();
  }

  /** The role the rules above ask of a request, for the 403's detail. */
  static String requiredRole(HttpServletRequest request) {
    boolean changesJobs =
        request.getRequestURI().startsWith(JOBS)
            && (HttpMethod.POST.matches(request.getMethod())
                || HttpMethod.DELETE.matches(request.getMethod()));
    boolean restores =
        request.getRequestURI().startsWith(ARCHIVE + "/")
            && HttpMethod.POST.matches(request.getMethod());
    return (changesJobs || restores ? ApiRole.SUBMIT : ApiRole.READ).authority();
  }
}
