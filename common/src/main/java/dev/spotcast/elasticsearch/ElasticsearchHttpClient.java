package dev.spotcast.elasticsearch;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A JDK {@link HttpClient} for the few places that talk to Elasticsearch in raw HTTP (benchmarks
 * posting pre-built bulk bodies, node statistics): TLS trusting the settings' CA, and their
 * credential added to every request, as {@link ElasticsearchClients} does for the typed client. The
 * JDK client has no default headers, hence this wrapper.
 */
public final class ElasticsearchHttpClient extends HttpClient {

  private final HttpClient http;
  private final Optional<String> authorization;

  private ElasticsearchHttpClient(HttpClient http, Optional<String> authorization) {
    this.http = http;
    this.authorization = authorization;
  }

  /**
   * An HTTP/1.1 client of {@code settings}' nodes with their connect timeout, TLS trust and
   * credential.
   */
  public static HttpClient of(ElasticsearchSettings settings) {
    HttpClient.Builder builder =
        HttpClient.newBuilder().version(Version.HTTP_1_1).connectTimeout(settings.connectTimeout());
    if (settings.usesTls()) {
      builder.sslContext(settings.sslContext());
    }
    return new ElasticsearchHttpClient(builder.build(), settings.authorization());
  }

  private HttpRequest authorized(HttpRequest request) {
    return authorization
        .map(
            value ->
                HttpRequest.newBuilder(request, (name, old) -> true)
                    .setHeader("Authorization", value)
                    .build())
        .orElse(request);
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    return http.send(authorized(request), handler);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    return http.sendAsync(authorized(request), handler);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> push) {
    return http.sendAsync(authorized(request), handler, push);
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return http.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return http.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return http.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return http.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return http.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return http.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return http.authenticator();
  }

  @Override
  public Version version() {
    return http.version();
  }

  @Override
  public Optional<Executor> executor() {
    return http.executor();
  }

  @Override
  public void close() {
    http.close();
  }
}
