package dev.spotcast.bench.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.transport.ElasticsearchTransportBase;
import co.elastic.clients.transport.TransportOptions;
import co.elastic.clients.transport.http.TransportHttpClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;

/**
 * An Elasticsearch client that sends nothing: it serialises requests exactly as the service's client
 * does (same transport code, same JSON mapper, same default headers) and hands back the HTTP request
 * it would have sent. The benchmark replays those bytes directly to Elasticsearch, so the raw phase
 * measures the service's own query, not a hand-written look-alike.
 */
final class HttpCapture {

  /** One HTTP request as the client would send it. */
  record HttpCall(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {

    String bodyText() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /** Thrown by the capturing transport instead of sending; carries what would have been sent. */
  static final class Captured extends IOException {
    final transient HttpCall call;

    Captured(HttpCall call) {
      super("captured, not sent");
      this.call = call;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this; // thrown once per captured request: no stack trace needed
    }
  }

  private final ElasticsearchClient client;

  /**
   * @param template the service's real transport: its JSON mapper and options (default headers,
   *     query parameters) are reused, so that the captured request is the one it would send
   */
  HttpCapture(ElasticsearchTransportBase template) {
    TransportOptions options = template.options();
    TransportHttpClient http = new CapturingHttpClient();
    this.client = new ElasticsearchClient(new ElasticsearchTransportBase(http, options, template.jsonpMapper()) {});
  }

  /** The client to call; every call ends in {@link Captured}. */
  ElasticsearchClient client() {
    return client;
  }

  /** Runs a client call and returns the HTTP request it made. */
  static HttpCall capture(ClientCall call) {
    try {
      call.run();
    } catch (Throwable e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof Captured captured) {
          return captured.call;
        }
      }
      throw new IllegalStateException("the call failed before it reached the transport: " + e, e);
    }
    throw new IllegalStateException("the call did not go through the capturing transport");
  }

  @FunctionalInterface
  interface ClientCall {
    void run() throws Exception;
  }

  private static final class CapturingHttpClient implements TransportHttpClient {

    @Override
    public Response performRequest(String endpointId, Node node, Request request, TransportOptions options)
        throws IOException {
      throw new Captured(toCall(request, options));
    }

    @Override
    public CompletableFuture<Response> performRequestAsync(
        String endpointId, Node node, Request request, TransportOptions options) {
      return CompletableFuture.failedFuture(new Captured(toCall(request, options)));
    }

    @Override
    public void close() {}

    /** Merges the request's own parameters and headers with the transport options', as the REST client does. */
    private static HttpCall toCall(Request request, TransportOptions options) {
      Map<String, String> params = new LinkedHashMap<>(request.queryParams());
      Map<String, String> headers = new LinkedHashMap<>(request.headers());
      if (options != null) {
        options.queryParameters().forEach(params::putIfAbsent);
        for (Map.Entry<String, String> header : options.headers()) {
          headers.putIfAbsent(header.getKey(), header.getValue());
        }
      }
      StringJoiner query = new StringJoiner("&", "?", "").setEmptyValue("");
      params.forEach(
          (k, v) -> query.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      if (request.body() != null) {
        for (ByteBuffer buffer : request.body()) {
          ByteBuffer copy = buffer.duplicate();
          byte[] bytes = new byte[copy.remaining()];
          copy.get(bytes);
          body.writeBytes(bytes);
        }
      }
      return new HttpCall(request.method(), request.path() + query, headers, body.toByteArray());
    }
  }
}
