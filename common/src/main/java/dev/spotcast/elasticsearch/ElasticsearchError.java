package dev.spotcast.elasticsearch;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The {@code error} member of an Elasticsearch answer (a whole request's, a bulk item's, a
 * multi-search item's), as read by the streaming parsers that read those answers without a typed
 * client: its {@code type} and {@code reason}, either of them null when absent.
 */
public record ElasticsearchError(String type, String reason) {

  /**
   * Reads the value of an {@code error} member: an object with {@code type} and {@code reason} (the
   * rest skipped), or a bare text, which is the reason. The parser is on the value's first token
   * and is left on its last.
   */
  public static ElasticsearchError read(JsonParser json) throws IOException {
    if (json.currentToken() == JsonToken.VALUE_STRING) {
      return new ElasticsearchError(null, json.getText());
    }
    if (json.currentToken() != JsonToken.START_OBJECT) {
      json.skipChildren();
      return new ElasticsearchError(null, null);
    }
    String type = null;
    String reason = null;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      String name = json.currentName();
      json.nextToken();
      if ("type".equals(name)) {
        type = json.getText();
      } else if ("reason".equals(name)) {
        reason = json.getText();
      } else {
        json.skipChildren();
      }
    }
    return new ElasticsearchError(type, reason);
  }
}
