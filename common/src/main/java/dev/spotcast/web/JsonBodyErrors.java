package dev.spotcast.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What is wrong with a JSON request body, said for the person who sent it: where (the member's
 * path, line and column) and what (a syntax error, text after the document, an unknown member, a
 * value of the wrong kind), never the name of a Java class or of the JSON library.
 */
public final class JsonBodyErrors {

  /** A qualified Java class name, as the JSON library's messages quote them. */
  private static final Pattern CLASS_NAME =
      Pattern.compile("`?(?:[a-z][a-z0-9_]*\\.)+[A-Z][\\w$]*(?:\\[\\])?`?");

  private JsonBodyErrors() {}

  /** One line saying what is wrong and where. */
  public static String describe(JsonProcessingException e) {
    String where = where(e);
    String path = e instanceof JsonMappingException mapping ? path(mapping.getPath()) : "";
    String at = path.isEmpty() ? "" : " at " + path;
    if (e instanceof UnrecognizedPropertyException unknown) {
      return "unknown member '"
          + unknown.getPropertyName()
          + "'"
          + at
          + where
          + known(unknown.getKnownPropertyIds());
    }
    String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (e instanceof MismatchedInputException && original.startsWith("Trailing token")) {
      return "text after the JSON document"
          + where
          + " (a second object?): send exactly one JSON object";
    }
    if (e instanceof InvalidFormatException || e instanceof MismatchedInputException) {
      Class<?> target = ((MismatchedInputException) e).getTargetType();
      String expected = target == null ? "another kind of value" : kind(target);
      return (path.isEmpty() ? "the body" : path) + " must be " + expected + where;
    }
    if (e instanceof JsonMappingException) {
      Throwable cause = e.getCause();
      String reason =
          cause instanceof IllegalArgumentException && cause.getMessage() != null
              ? scrub(cause.getMessage())
              : "a value that cannot be taken";
      return (path.isEmpty() ? "the body" : path) + " is not valid: " + reason + where;
    }
    // Syntax errors: the parser's own words name characters and tokens, not classes.
    return "not valid JSON: " + scrub(original) + where;
  }

  /** {@code points[2].lat}: the member's path from the body's root. */
  static String path(List<JsonMappingException.Reference> references) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference reference : references) {
      if (reference.getFieldName() != null) {
        path.append(path.isEmpty() ? "" : ".").append(reference.getFieldName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  /** The kind of JSON value a Java type is read from, in words. */
  static String kind(Class<?> type) {
    if (type == String.class || type == Character.class || type == char.class || type.isEnum()) {
      return "a string";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == Integer.class
        || type == int.class
        || type == Long.class
        || type == long.class
        || type == Short.class
        || type == short.class) {
      return "a whole number";
    }
    if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
      return "a number";
    }
    if (type.isArray() || Collection.class.isAssignableFrom(type)) {
      return "an array";
    }
    if (type.getName().startsWith("java.time.")) {
      return "a date-time string (ISO-8601)";
    }
    return Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.")
        ? "an object"
        : "another kind of value";
  }

  private static String known(Collection<Object> ids) {
    if (ids == null || ids.isEmpty()) {
      return "";
    }
    return "; known members: "
        + String.join(", ", ids.stream().map(String::valueOf).sorted().toList());
  }

  private static String where(JsonProcessingException e) {
    JsonLocation location = e.getLocation();
    return location == null || location.getLineNr() < 1
        ? ""
        : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }

  /** Any qualified class name in a message replaced by words: no internals in an answer. */
  static String scrub(String message) {
    return CLASS_NAME.matcher(message).replaceAll("a value");
  }
}
