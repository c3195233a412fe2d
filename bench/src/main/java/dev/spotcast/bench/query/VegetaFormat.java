package dev.spotcast.bench.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Reader;
import java.util.Base64;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The two files of vegeta ({@code github.com/tsenart/vegeta}) the benchmarks read and write: its
 * JSON targets ({@code vegeta attack -format=json}) and its results as {@code vegeta encode
 * -to=csv} writes them. One place for both, for {@code bench query --generator vegeta} and {@code
 * loadtest --generator vegeta}.
 */
public final class VegetaFormat {

  private static final ObjectMapper JSON = new ObjectMapper();

  private VegetaFormat() {}

  /**
   * One request as a vegeta JSON target (one line, no line break): method, URL, headers (in the
   * map's order), the body in Base64 when there is one.
   */
  public static String target(String method, String url, Map<String, String> headers, byte[] body)
      throws IOException {
    ObjectNode target = JSON.createObjectNode();
    target.put("method", method);
    target.put("url", url);
    ObjectNode header = target.putObject("header");
    headers.forEach((name, value) -> header.putArray(name).add(value));
    if (body.length > 0) {
      target.put("body", Base64.getEncoder().encodeToString(body));
    }
    return JSON.writeValueAsString(target);
  }

  /**
   * One result of {@code vegeta encode -to=csv}: when the request started (Unix ns), its HTTP
   * status (0: no answer), its latency (ns, from its start to the answer's end), the answer's
   * bytes, Go's error (empty when there was none), the answer's body in Base64 and the request's
   * URL (empty when the record has none).
   */
  public record Result(
      long startNanos,
      int status,
      long latencyNanos,
      long bytesIn,
      String error,
      String body,
      String url) {

    /**
     * What a problem+json answer says ({@code title: detail}); empty when the body is not one. Read
     * only of the answers that are not 200, so that a refusal's reason shows in the results.
     */
    public String problem() {
      try {
        JsonNode problem = JSON.readTree(Base64.getDecoder().decode(body));
        String title = problem.path("title").asText("");
        String detail = problem.path("detail").asText("");
        return detail.isEmpty() ? title : title.isEmpty() ? detail : title + ": " + detail;
      } catch (IOException | IllegalArgumentException e) {
        return "";
      }
    }

    /** The kind of request, {@code spot} or {@code series}, by its URL. */
    public String kind() {
      return RequestMix.kindOf(url);
    }
  }

  /**
   * Every result of an encoded CSV (columns: timestamp, status, latency, bytes out, bytes in,
   * error, body, attack, seq, method, URL, headers), in order; a record of fewer than six columns
   * (cut short by a killed attack) is skipped, one without the later columns has them empty.
   */
  public static void results(Reader csv, Consumer<Result> each) throws IOException {
    for (CSVRecord r : CSVParser.parse(csv, CSVFormat.DEFAULT)) {
      if (r.size() < 6) {
        continue;
      }
      each.accept(
          new Result(
              Long.parseLong(r.get(0)),
              Integer.parseInt(r.get(1)),
              Long.parseLong(r.get(2)),
              Long.parseLong(r.get(4)),
              r.get(5),
              r.size() > 6 ? r.get(6) : "",
              r.size() > 10 ? r.get(10) : ""));
    }
  }

  /**
   * Go's error for a request that got no answer names the request ({@code Post "URL": dial tcp ...:
   * socket: too many open files}) and, once connected, the connection's two ends ({@code read tcp
   * 127.0.0.1:32798->127.0.0.1:9200: read: connection reset by peer}); without the URL and the
   * ends, the errors of a saturated phase count under a few reasons instead of one line per routing
   * key or local port.
   */
  public static String reason(String error) {
    return error
        .strip()
        .replaceFirst("^(\\w+) \"[^\"]*\": ", "$1: ")
        .replaceAll("(tcp|udp) \\S+->\\S+: ", "$1: ");
  }
}
