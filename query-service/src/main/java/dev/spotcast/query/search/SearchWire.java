package dev.spotcast.query.search;

import co.elastic.clients.transport.rest5_client.low_level.Cancellable;
import co.elastic.clients.transport.rest5_client.low_level.RequestOptions;
import co.elastic.clients.transport.rest5_client.low_level.Response;
import co.elastic.clients.transport.rest5_client.low_level.ResponseException;
import co.elastic.clients.transport.rest5_client.low_level.ResponseListener;
import co.elastic.clients.transport.rest5_client.low_level.Rest5Client;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import dev.spotcast.elasticsearch.ElasticsearchError;
import dev.spotcast.index.DocumentColumn;
import dev.spotcast.index.ForecastFields;
import dev.spotcast.index.StepBlocks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;

/**
 * The spot path's Elasticsearch searches on the wire: their bodies written straight from the plan
 * with Jackson's generator, sent with the REST client's low-level API, and their answers read with
 * Jackson's streaming parser straight into {@link ForecastHit}s.
 *
 * <p>The typed client's way (request objects serialised through its mapper, every answer
 * deserialised into response objects whose doc values are buffered per field, then read again) was
 * a large share of the query service's CPU on a request whose documents are not cached (flight
 * recordings in docs/benchmarks.md, "2026-11-26: the searches on the wire"). The same transport
 * carries both: one connection pool, the same credential and TLS, the same node selection and
 * failover.
 *
 * <p>Every search asks for doc values only ({@code docvalue_fields}), no stored field, no total
 * count.
 */
final class SearchWire {

  /**
   * Numbers read with Jackson's fast double parser (FastDoubleParser, bundled with Jackson): the
   * JDK's {@code Double.parseDouble} of 16-digit doc values dominated the cost of reading an answer
   * (docs/benchmarks.md).
   */
  private static final JsonFactory JSON =
      JsonFactory.builder().enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER).build();

  /**
   * Elasticsearch's answers are asked for in CBOR (RFC 8949), which Jackson reads and Elasticsearch
   * writes as it writes JSON, the same fields and values: writing a document's column as a CBOR
   * string costs it less than as a JSON one, which it checks for characters to escape (12 % less of
   * its CPU per shared read, docs/benchmarks.md, "Stop 72"). The requests stay JSON. An answer in
   * JSON (a proxy's error page, a node that ignores the header) is read as JSON.
   */
  private static final CBORFactory CBOR = CBORFactory.builder().build();

  private static final String CBOR_TYPE = "application/cbor";

  private static final RequestOptions ANSWER_IN_CBOR =
      RequestOptions.DEFAULT.toBuilder().addHeader("Accept", CBOR_TYPE).build();

  static final ContentType JSON_TYPE = ContentType.APPLICATION_JSON;
  static final ContentType NDJSON = ContentType.create("application/x-ndjson");

  private SearchWire() {}

  /**
   * One HTTP request to Elasticsearch, as sent: always a POST.
   *
   * @param path the path, e.g. {@code /spot-run-0/_search} or {@code /_msearch}
   * @param params the query parameters (the routing of a single search), not encoded
   * @param contentType JSON for a search, NDJSON for a multi-search
   */
  record Request(String path, Map<String, String> params, ContentType contentType, byte[] body) {

    static final String METHOD = "POST";

    /**
     * The same request, read a search and a shard at a time: Elasticsearch gives it one of its
     * search threads at most, the others staying with the users' requests (a multi-search of four
     * searches over two shards each otherwise takes all four threads of a two-core node, and
     * requests queue behind it while it waits on the disk).
     */
    Request oneAtATime() {
      Map<String, String> all = new LinkedHashMap<>(params);
      all.put("max_concurrent_shard_requests", "1");
      if (path.equals(MSEARCH_PATH)) {
        all.put("max_concurrent_searches", "1");
      }
      return new Request(path, Map.copyOf(all), contentType, body);
    }
  }

  /**
   * What a search selects: documents by id, or the nearest within a radius (sorted by distance).
   */
  sealed interface Criteria permits Ids, Near, Page {}

  /** The documents with these ids. */
  record Ids(List<String> ids) implements Criteria {}

  /**
   * The documents within {@code radiusKm} of a place, of some levels and steps, nearest first; the
   * grid point id breaks ties, so that every (level, step) picks the same points when several lie
   * at the same distance.
   */
  record Near(double lat, double lon, double radiusKm, List<Double> levels, List<Integer> steps)
      implements Criteria {}

  /**
   * The documents of one level and step in grid point order, those after {@code afterPoint} (-1:
   * from the first): a page of a read of a whole field, such as a run's terrain.
   */
  record Page(double level, int step, int afterPoint) implements Criteria {}

  /**
   * What of a search's answer is read: the shard counts, each hit's doc values and sort values, an
   * error's type and reason and the status. Everything else (each hit's index, id, score and
   * routing, the timings) is left out by Elasticsearch: half the bytes it writes, encrypts and the
   * service decrypts and parses.
   */
  static final String SEARCH_FILTER =
      "_shards.total,_shards.failed,hits.hits.fields,hits.hits.sort,error.type,error.reason,status";

  /**
   * {@link #SEARCH_FILTER} for every item of a multi-search, and the error of the whole request.
   */
  static final String MSEARCH_FILTER =
      "responses._shards.total,responses._shards.failed,responses.hits.hits.fields,responses.hits.hits.sort,"
          + "responses.error.type,responses.error.reason,responses.status,error.type,error.reason,status";

  /** The path of a multi-search: {@link Request#oneAtATime} tells it from a single search by it. */
  static final String MSEARCH_PATH = "/_msearch";

  /** A single search when there is one, a multi-search otherwise. */
  static Request request(List<OneSearch> searches) {
    try {
      ByteArrayBuilder bytes = new ByteArrayBuilder(512);
      if (searches.size() == 1) {
        OneSearch search = searches.getFirst();
        try (JsonGenerator json = JSON.createGenerator(bytes)) {
          writeBody(json, search);
        }
        Map<String, String> params =
            search.routing() == null
                ? Map.of("filter_path", SEARCH_FILTER)
                : Map.of("routing", search.routing(), "filter_path", SEARCH_FILTER);
        return new Request(
            "/" + search.index() + "/_search", params, JSON_TYPE, bytes.toByteArray());
      }
      for (OneSearch search : searches) {
        try (JsonGenerator json = JSON.createGenerator(bytes)) {
          json.writeStartObject();
          json.writeStringField("index", search.index());
          if (search.routing() != null) {
            json.writeStringField("routing", search.routing());
          }
          json.writeEndObject();
        }
        bytes.write('\n');
        try (JsonGenerator json = JSON.createGenerator(bytes)) {
          writeBody(json, search);
        }
        bytes.write('\n');
      }
      return new Request(
          MSEARCH_PATH, Map.of("filter_path", MSEARCH_FILTER), NDJSON, bytes.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e); // writing to memory
    }
  }

  private static void writeBody(JsonGenerator json, OneSearch search) throws IOException {
    json.writeStartObject();
    json.writeFieldName("query");
    switch (search.criteria()) {
      case Ids ids -> {
        json.writeStartObject();
        json.writeFieldName("ids");
        json.writeStartObject();
        json.writeFieldName("values");
        json.writeStartArray();
        for (String id : ids.ids()) {
          json.writeString(id);
        }
        json.writeEndArray();
        json.writeEndObject();
        json.writeEndObject();
      }
      case Near near -> writeNear(json, near);
      case Page page ->
          writeFilters(
              json,
              () -> {
                writeTerms(json, ForecastFields.STEP, List.of(page.step()));
                writeTerms(json, ForecastFields.LEVEL, List.of(page.level()));
              });
    }
    json.writeNumberField("size", search.size());
    json.writeStringField("stored_fields", "_none_");
    json.writeFieldName("docvalue_fields");
    json.writeStartArray();
    if (oneColumn(search)) {
      // The grid point, level, step and values are all in the document's column.
      if (search.fields().contains(ForecastFields.LOCATION)) {
        json.writeString(ForecastFields.LOCATION);
      }
      json.writeString(ForecastFields.COLUMN);
    } else {
      for (String field : search.fields()) {
        json.writeString(field);
      }
    }
    json.writeEndArray();
    json.writeBooleanField("track_total_hits", false);
    if (search.criteria() instanceof Near near) {
      json.writeFieldName("sort");
      json.writeStartArray();
      json.writeStartObject();
      json.writeFieldName("_geo_distance");
      json.writeStartObject();
      writeLocation(json, near);
      json.writeStringField("order", "asc");
      json.writeStringField("unit", "m");
      json.writeStringField("distance_type", "arc");
      json.writeEndObject();
      json.writeEndObject();
      writeByPoint(json);
      json.writeEndArray();
    } else if (search.criteria() instanceof Page page) {
      json.writeFieldName("sort");
      json.writeStartArray();
      writeByPoint(json);
      json.writeEndArray();
      if (page.afterPoint() >= 0) {
        json.writeFieldName("search_after");
        json.writeStartArray();
        json.writeNumber(page.afterPoint());
        json.writeEndArray();
      }
    }
    json.writeEndObject();
  }

  /** Whether a search reads documents kept as one column each ({@link DocumentColumn}). */
  static boolean oneColumn(OneSearch search) {
    return search.blocks() != null && search.blocks().run().oneColumn();
  }

  /** The parameters a search of one-column documents reads out of each column. */
  private static DocumentColumn.Wanted wanted(OneSearch search) {
    List<String> names = new ArrayList<>(search.fields().size());
    for (String field : search.fields()) {
      if (field.startsWith(ForecastHit.VALUE_PREFIX)) {
        names.add(valueName(field));
      }
    }
    return new DocumentColumn.Wanted(names);
  }

  /** {@code {"point": {"order": "asc"}}}: grid point order. */
  private static void writeByPoint(JsonGenerator json) throws IOException {
    json.writeStartObject();
    json.writeFieldName(ForecastFields.POINT);
    json.writeStartObject();
    json.writeStringField("order", "asc");
    json.writeEndObject();
    json.writeEndObject();
  }

  private static void writeNear(JsonGenerator json, Near near) throws IOException {
    writeFilters(
        json,
        () -> {
          json.writeStartObject();
          json.writeFieldName("geo_distance");
          json.writeStartObject();
          json.writeStringField("distance", String.format(Locale.ROOT, "%.3fkm", near.radiusKm()));
          writeLocation(json, near);
          json.writeEndObject();
          json.writeEndObject();
          writeTerms(json, ForecastFields.LEVEL, near.levels());
          writeTerms(json, ForecastFields.STEP, near.steps());
        });
  }

  /** Writes the clauses of a filter-only query. */
  @FunctionalInterface
  private interface Clauses {
    void write() throws IOException;
  }

  /** {@code {"bool": {"filter": [clauses]}}}: every clause must match, none is scored. */
  private static void writeFilters(JsonGenerator json, Clauses clauses) throws IOException {
    json.writeStartObject();
    json.writeFieldName("bool");
    json.writeStartObject();
    json.writeFieldName("filter");
    json.writeStartArray();
    clauses.write();
    json.writeEndArray();
    json.writeEndObject();
    json.writeEndObject();
  }

  /** {@code {"terms": {field: [values]}}}: levels and steps as numbers, as the index maps them. */
  private static void writeTerms(JsonGenerator json, String field, List<? extends Number> values)
      throws IOException {
    json.writeStartObject();
    json.writeFieldName("terms");
    json.writeStartObject();
    json.writeFieldName(field);
    json.writeStartArray();
    for (Number value : values) {
      if (value instanceof Integer step) {
        json.writeNumber(step);
      } else {
        json.writeNumber(value.doubleValue());
      }
    }
    json.writeEndArray();
    json.writeEndObject();
    json.writeEndObject();
  }

  private static void writeLocation(JsonGenerator json, Near near) throws IOException {
    json.writeFieldName(ForecastFields.LOCATION);
    json.writeStartObject();
    json.writeNumberField("lat", near.lat());
    json.writeNumberField("lon", near.lon());
    json.writeEndObject();
  }

  /**
   * Sends a request; the future completes with Elasticsearch's 2xx answer, or exceptionally ({@link
   * ResponseException} for any other status, an {@link IOException} when it cannot be reached).
   * Cancelling the future cancels the HTTP exchange.
   */
  static CompletableFuture<Response> send(Rest5Client rest, Request request) {
    co.elastic.clients.transport.rest5_client.low_level.Request http =
        new co.elastic.clients.transport.rest5_client.low_level.Request(
            Request.METHOD, request.path());
    request.params().forEach(http::addParameter);
    http.setEntity(new ByteArrayEntity(request.body(), request.contentType()));
    http.setOptions(ANSWER_IN_CBOR);
    CompletableFuture<Response> answer = new CompletableFuture<>();
    Cancellable exchange =
        rest.performRequestAsync(
            http,
            new ResponseListener() {
              @Override
              public void onSuccess(Response response) {
                answer.complete(response);
              }

              @Override
              public void onFailure(Exception e) {
                answer.completeExceptionally(e);
              }
            });
    // Cancelled, or ended by the time limit (ElasticsearchGuard): the exchange ends too. After the
    // exchange's own failure this does nothing.
    answer.whenComplete(
        (response, failure) -> {
          if (failure != null) {
            exchange.cancel();
          }
        });
    return answer;
  }

  /**
   * The bytes of a binary doc value, which Elasticsearch writes in base64: decoded by the JDK's
   * decoder (about 40 % faster than Jackson's on these lengths, stop 54).
   */
  private static byte[] binary(JsonParser json, String field) throws IOException {
    try {
      return Base64.getDecoder().decode(json.getText());
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "Elasticsearch answered " + field + " in base64 that cannot be read: " + e.getMessage(),
          e);
    }
  }

  /**
   * The hits of every search of a request, in the order of {@code searches}: the body of a single
   * search's answer, or of a multi-search's (one item per search).
   *
   * @throws SearchUnavailableException when a search failed in a way worth retrying (shards failed,
   *     index gone, overload), or a hit came without its grid point, level or step
   * @throws IllegalStateException when Elasticsearch refused a search as malformed, or the answer
   *     is not what was asked
   */
  static List<List<ForecastHit>> read(InputStream body, List<OneSearch> searches) {
    return read(body, null, searches);
  }

  /**
   * The parser of an answer's body: CBOR when its content type says so, JSON otherwise.
   *
   * @param contentType the answer's {@code Content-Type}, null when it has none
   */
  static JsonParser parser(InputStream body, String contentType) throws IOException {
    return contentType != null && contentType.contains("cbor")
        ? CBOR.createParser(body)
        : JSON.createParser(body);
  }

  /** {@link #read(InputStream, List)} of a body of this content type ({@link #parser}). */
  static List<List<ForecastHit>> read(
      InputStream body, String contentType, List<OneSearch> searches) {
    try (JsonParser json = parser(body, contentType)) {
      expect(json, json.nextToken(), JsonToken.START_OBJECT);
      if (searches.size() == 1) {
        List<ForecastHit> hits = new ArrayList<>(searches.getFirst().size());
        readSearch(json, searches.getFirst(), hits);
        return List.of(hits);
      }
      List<List<ForecastHit>> all = new ArrayList<>(searches.size());
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        String name = json.currentName();
        JsonToken value = json.nextToken();
        if (!"responses".equals(name)) {
          json.skipChildren();
          continue;
        }
        expect(json, value, JsonToken.START_ARRAY);
        while (json.nextToken() == JsonToken.START_OBJECT) {
          if (all.size() == searches.size()) {
            throw new IllegalStateException(
                "msearch answered more items than its " + searches.size() + " searches");
          }
          OneSearch search = searches.get(all.size());
          List<ForecastHit> hits = new ArrayList<>(search.size());
          readSearch(json, search, hits);
          all.add(hits);
        }
      }
      if (all.size() != searches.size()) {
        throw new IllegalStateException(
            "msearch answered " + all.size() + " items for " + searches.size() + " searches");
      }
      return all;
    } catch (IOException e) {
      throw new SearchUnavailableException(
          "Elasticsearch's answer could not be read: " + e.getMessage(), e);
    }
  }

  /** {@link #read(InputStream, List)} of a response. */
  static List<List<ForecastHit>> read(Response response, List<OneSearch> searches) {
    HttpEntity entity = response.getEntity();
    if (entity == null) {
      throw new SearchUnavailableException(
          "Elasticsearch answered " + response.getStatusCode() + " without a body", null);
    }
    try (InputStream body = entity.getContent()) {
      return read(body, entity.getContentType(), searches);
    } catch (IOException e) {
      throw new SearchUnavailableException(
          "Elasticsearch's answer could not be read: " + e.getMessage(), e);
    }
  }

  /**
   * One search answer (a whole response, or an item of a multi-search's), from just after its
   * opening brace to its closing one. An item may be an error instead ({@code error}, {@code
   * status}); a search answered by only some of its shards fails, since interpolating over fewer
   * points would be silently wrong.
   */
  private static void readSearch(JsonParser json, OneSearch search, List<ForecastHit> to)
      throws IOException {
    boolean sorted = search.criteria() instanceof Near;
    DocumentColumn.Wanted wanted = oneColumn(search) ? wanted(search) : null;
    ElasticsearchError error = null;
    int status = 0;
    int failedShards = 0;
    int totalShards = 0;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      String name = json.currentName();
      JsonToken value = json.nextToken();
      switch (name) {
        case "_shards" -> {
          expect(json, value, JsonToken.START_OBJECT);
          while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            json.nextToken();
            if ("failed".equals(field)) {
              failedShards = json.getIntValue();
            } else if ("total".equals(field)) {
              totalShards = json.getIntValue();
            } else {
              json.skipChildren();
            }
          }
        }
        case "hits" -> {
          expect(json, value, JsonToken.START_OBJECT);
          while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken hits = json.nextToken();
            if (!"hits".equals(field)) {
              json.skipChildren();
              continue;
            }
            expect(json, hits, JsonToken.START_ARRAY);
            while (json.nextToken() == JsonToken.START_OBJECT) {
              readHit(json, search.axis(), sorted, search.blocks(), wanted, to);
            }
          }
        }
        case "error" -> error = ElasticsearchError.read(json);
        case "status" -> status = json.getIntValue();
        default -> json.skipChildren();
      }
    }
    if (error != null) {
      throw ElasticsearchGuard.unavailableOr(status, error.type(), error.reason(), null);
    }
    if (failedShards > 0) {
      throw new SearchUnavailableException(
          failedShards + " of " + totalShards + " shards failed searching " + search.index(), null);
    }
  }

  /**
   * A hit, from just after its opening brace: its doc values ({@code fields}, every one an array, a
   * field without a value absent) and, when sorted, its first sort value (the distance). A document
   * of a block of steps ({@code blocks} not null: each value is its steps' packed numbers, base64)
   * is read as one hit per step of the block that {@code blocks} keeps, a missing value absent.
   * With {@code wanted} (not null), the document is one column ({@link DocumentColumn}) holding its
   * grid point, level, step and the values, of which those of the parameters {@code wanted} names
   * are read.
   */
  static void readHit(
      JsonParser json,
      int axis,
      boolean sorted,
      StepBlocksRead blocks,
      DocumentColumn.Wanted wanted,
      List<ForecastHit> to)
      throws IOException {
    String[] names = blocks == null ? new String[8] : null;
    double[] numbers = blocks == null ? new double[8] : null;
    int values = 0;
    Map<String, float[]> packed = blocks == null ? null : new LinkedHashMap<>();
    double point = Double.NaN;
    double level = Double.NaN;
    double step = Double.NaN;
    double distance = Double.NaN;
    double lat = Double.NaN;
    double lon = Double.NaN;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      String name = json.currentName();
      JsonToken value = json.nextToken();
      if ("fields".equals(name)) {
        expect(json, value, JsonToken.START_OBJECT);
        while (json.nextToken() == JsonToken.FIELD_NAME) {
          String field = json.currentName();
          expect(json, json.nextToken(), JsonToken.START_ARRAY);
          JsonToken first = json.nextToken();
          if (first == JsonToken.END_ARRAY) {
            continue;
          }
          if (wanted != null && ForecastFields.COLUMN.equals(field)) {
            if (first != JsonToken.VALUE_STRING) {
              throw new IllegalStateException(
                  "Elasticsearch answered " + first + " where " + field + " has a document column");
            }
            float[][] read = new float[wanted.names().size()][];
            DocumentColumn.Identity identity;
            try {
              identity = DocumentColumn.read(binary(json, field), wanted, read);
            } catch (IllegalArgumentException e) {
              throw new IllegalStateException(
                  "Elasticsearch answered a document column that cannot be read: " + e.getMessage(),
                  e);
            }
            point = identity.point();
            level = identity.level();
            step = identity.step();
            for (int i = 0; i < read.length; i++) {
              if (read[i] != null) {
                packed.put(wanted.names().get(i), read[i]);
              }
            }
          } else if (ForecastFields.LOCATION.equals(field)) {
            double[] latLon = latLon(json, first);
            lat = latLon[0];
            lon = latLon[1];
          } else if (packed != null && field.startsWith(ForecastHit.VALUE_PREFIX)) {
            if (first != JsonToken.VALUE_STRING) {
              throw new IllegalStateException(
                  "Elasticsearch answered " + first + " where " + field + " has packed values");
            }
            packed.put(valueName(field), StepBlocks.unpack(binary(json, field)));
          } else {
            double number = number(json, first, field);
            switch (field) {
              case ForecastFields.POINT -> point = number;
              case ForecastFields.LEVEL -> level = number;
              case ForecastFields.STEP -> step = number;
              default -> {
                if (names != null && field.startsWith(ForecastHit.VALUE_PREFIX)) {
                  if (values == names.length) {
                    names = Arrays.copyOf(names, 2 * values);
                    numbers = Arrays.copyOf(numbers, 2 * values);
                  }
                  names[values] = valueName(field);
                  numbers[values++] = number;
                }
              }
            }
          }
          skipRestOfArray(json);
        }
      } else if (sorted && "sort".equals(name)) {
        expect(json, value, JsonToken.START_ARRAY);
        distance = number(json, json.nextToken(), "sort");
        skipRestOfArray(json);
      } else {
        json.skipChildren();
      }
    }
    if (Double.isNaN(point) || Double.isNaN(level) || Double.isNaN(step)) {
      // Seen once while a node holding the shard was killed: a hit whose doc values did not come
      // back. The documents all have them, so this is Elasticsearch's moment, not the data: a 503
      // to retry, not a 500.
      throw new SearchUnavailableException(
          "Elasticsearch answered a forecast document without its grid point, level or step (a shard copy going"
              + " away?)",
          null);
    }
    if (blocks == null) {
      StepValues read =
          new StepValues(Arrays.copyOf(names, values), Arrays.copyOf(numbers, values));
      to.add(new ForecastHit(axis, (int) point, level, (int) step, read, distance, lat, lon));
      return;
    }
    List<Integer> steps = blocks.stepsOf((int) step);
    // Every step's values are views of the block's numbers (BlockStepValues).
    String[] columnNames = packed.keySet().toArray(String[]::new);
    float[][] columns = new float[columnNames.length][];
    for (int i = 0; i < columnNames.length; i++) {
      columns[i] = packed.get(columnNames[i]);
    }
    for (int k = 0; k < steps.size(); k++) {
      if (!blocks.keeps(steps.get(k))) {
        continue;
      }
      to.add(
          new ForecastHit(
              axis,
              (int) point,
              level,
              steps.get(k),
              new BlockStepValues(columnNames, columns, k),
              distance,
              lat,
              lon));
    }
  }

  /**
   * The parameter names of the value fields read, one string per name: the hits that the document
   * cache keeps share them instead of each holding copies (a third of a cached block's heap when
   * each hit cut its own). Bounded by the value fields the runs' mappings have, as only fields of
   * parameters a run has are requested.
   */
  private static final ConcurrentHashMap<String, String> VALUE_NAMES = new ConcurrentHashMap<>();

  /** The parameter a value field ({@code values.t}) holds, as one shared string. */
  static String valueName(String field) {
    String name = VALUE_NAMES.get(field);
    return name != null
        ? name
        : VALUE_NAMES.computeIfAbsent(field, f -> f.substring(ForecastHit.VALUE_PREFIX.length()));
  }

  private static double number(JsonParser json, JsonToken token, String field) throws IOException {
    if (token == null || !token.isNumeric()) {
      throw new IllegalStateException(
          "Elasticsearch answered " + token + " where " + field + " has a number");
    }
    return json.getDoubleValue();
  }

  /**
   * A geo_point doc value: GeoJSON ({@code {"type":"Point","coordinates":[lon,lat]}}) or the {@code
   * "lat, lon"} string older formats give.
   */
  private static double[] latLon(JsonParser json, JsonToken token) throws IOException {
    if (token == JsonToken.VALUE_STRING) {
      String[] parts = json.getText().split(",");
      return new double[] {
        Double.parseDouble(parts[0].strip()), Double.parseDouble(parts[1].strip())
      };
    }
    expect(json, token, JsonToken.START_OBJECT);
    double[] latLon = null;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      String name = json.currentName();
      JsonToken value = json.nextToken();
      if ("coordinates".equals(name) && value == JsonToken.START_ARRAY) {
        double lon = number(json, json.nextToken(), "coordinates");
        double lat = number(json, json.nextToken(), "coordinates");
        latLon = new double[] {lat, lon};
        skipRestOfArray(json);
      } else {
        json.skipChildren();
      }
    }
    if (latLon == null) {
      throw new IllegalStateException("unexpected geo_point doc value without coordinates");
    }
    return latLon;
  }

  /**
   * Skips to the end of the array whose first element was just read (an object or array skipped
   * whole).
   */
  private static void skipRestOfArray(JsonParser json) throws IOException {
    json.skipChildren();
    for (JsonToken t = json.nextToken(); t != JsonToken.END_ARRAY; t = json.nextToken()) {
      if (t == null) {
        throw new IOException("the answer ends inside an array");
      }
      json.skipChildren();
    }
  }

  /**
   * What a refused request means for the caller: Elasticsearch's status, and the type and reason of
   * its error body, classified by {@link ElasticsearchGuard#unavailableOr}.
   */
  static RuntimeException failure(ResponseException e) {
    int status = e.getResponse().getStatusCode();
    String type = null;
    String reason = null;
    HttpEntity entity = e.getResponse().getEntity();
    if (entity != null) {
      try (InputStream body = entity.getContent();
          JsonParser json = parser(body, entity.getContentType())) {
        if (json.nextToken() == JsonToken.START_OBJECT) {
          while (json.nextToken() == JsonToken.FIELD_NAME) {
            String name = json.currentName();
            json.nextToken();
            if ("error".equals(name)) {
              ElasticsearchError error = ElasticsearchError.read(json);
              type = error.type();
              reason = error.reason();
            } else {
              json.skipChildren();
            }
          }
        }
      } catch (IOException | RuntimeException unreadable) {
        // Not JSON (a proxy's page?): the status alone decides.
      }
    }
    return ElasticsearchGuard.unavailableOr(
        status, type, reason == null ? "HTTP " + status : reason, e);
  }

  private static void expect(JsonParser json, JsonToken actual, JsonToken expected)
      throws IOException {
    if (actual != expected) {
      throw new IOException(
          "expected " + expected + " but found " + actual + " at " + json.currentLocation());
    }
  }
}
