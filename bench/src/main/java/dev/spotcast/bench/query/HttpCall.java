package dev.spotcast.bench.query;

import dev.spotcast.query.search.SearchPlan;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One HTTP request a phase sends: to Elasticsearch, the service's own search as its client sends
 * it; to the service, a spot request. The load generators (the JDK client, wrk, vegeta) replay
 * these.
 */
record HttpCall(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {

  /** The request the query service sends for a plan's searches, byte for byte. */
  static HttpCall of(SearchPlan plan) {
    StringJoiner query = new StringJoiner("&", "?", "").setEmptyValue("");
    plan.params()
        .forEach(
            (k, v) ->
                query.add(
                    URLEncoder.encode(k, StandardCharsets.UTF_8)
                        + "="
                        + URLEncoder.encode(v, StandardCharsets.UTF_8)));
    return new HttpCall(
        plan.method(),
        plan.path() + query,
        Map.of("Content-Type", plan.contentType()),
        plan.body());
  }

  String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }
}
