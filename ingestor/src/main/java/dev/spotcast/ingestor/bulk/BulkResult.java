package dev.spotcast.ingestor.bulk;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.spotcast.elasticsearch.ElasticsearchError;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-item outcome of a bulk request, read with a streaming parser from a response filtered to
 * {@link #FILTER_PATH}: when {@code errors} is false nothing else is read.
 * https://www.elastic.co/docs/api/doc/elasticsearch/operation/operation-bulk
 */
record BulkResult(boolean errors, List<Item> failed) {

  /** Only what the sender needs: whether anything failed and, per item, status and error. */
  static final String FILTER_PATH = "errors,items.*.status,items.*.error.type,items.*.error.reason";

  private static final JsonFactory JSON = new JsonFactory();

  /** A failed item: its position in the request, status and error. */
  record Item(int position, int status, String type, String reason) {}

  static BulkResult parse(InputStream body) throws IOException {
    try (JsonParser p = JSON.createParser(body)) {
      expect(p.nextToken(), JsonToken.START_OBJECT);
      boolean errors = false;
      List<Item> failed = new ArrayList<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if ("errors".equals(field)) {
          errors = value == JsonToken.VALUE_TRUE;
          if (!errors) {
            return new BulkResult(false, List.of());
          }
        } else if ("items".equals(field) && value == JsonToken.START_ARRAY) {
          readItems(p, failed);
        } else {
          p.skipChildren();
        }
      }
      return new BulkResult(errors, failed);
    }
  }

  /** Each item is {"index":{"status":..,"error":{"type":..,"reason":..}}}. */
  private static void readItems(JsonParser p, List<Item> failed) throws IOException {
    int position = 0;
    while (p.nextToken() == JsonToken.START_OBJECT) {
      p.nextToken(); // the action name
      expect(p.nextToken(), JsonToken.START_OBJECT);
      int status = 0;
      String type = null;
      String reason = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        if ("status".equals(field)) {
          status = p.getIntValue();
        } else if ("error".equals(field)) {
          ElasticsearchError error = ElasticsearchError.read(p);
          type = error.type();
          reason = error.reason();
        } else {
          p.skipChildren();
        }
      }
      p.nextToken(); // end of the item object
      if (type != null || status >= 300) {
        failed.add(new Item(position, status, type, reason));
      }
      position++;
    }
  }

  private static void expect(JsonToken actual, JsonToken expected) throws IOException {
    if (actual != expected) {
      throw new IOException(
          "unexpected bulk response: " + actual + " where " + expected + " was expected");
    }
  }
}
