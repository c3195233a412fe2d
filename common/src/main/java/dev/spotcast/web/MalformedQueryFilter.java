package dev.spotcast.web;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a query string the HTTP server cannot decode with 400 problem+json naming the parameter:
 * a percent sign not followed by two hexadecimal digits, or escapes that are not UTF-8. Tomcat
 * drops such a parameter silently, so without this check {@code model=%ZZ} would be read as no
 * model at all, and the client would be told something else than what is wrong. Each service
 * imports it ({@code @Import(MalformedQueryFilter.class)}), before any other filter.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public class MalformedQueryFilter extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    Malformed problem = problem(request.getQueryString());
    if (problem == null) {
      chain.doFilter(request, response);
      return;
    }
    JsonStringEncoder json = JsonStringEncoder.getInstance();
    response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
    response.setContentType("application/problem+json");
    response.setCharacterEncoding("UTF-8");
    response.setHeader("Cache-Control", "no-store");
    response
        .getWriter()
        .write(
            "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\""
                + new String(json.quoteAsString(problem.detail()))
                + "\",\"instance\":\""
                + new String(json.quoteAsString(request.getRequestURI()))
                + "\",\"parameter\":\""
                + new String(json.quoteAsString(problem.parameter()))
                + "\"}");
  }

  /** A parameter that cannot be decoded, and what is wrong with it. */
  record Malformed(String parameter, String detail) {}

  private static final String RULE =
      "'%' must be followed by two hexadecimal digits, and escapes must encode UTF-8"
          + " (write '%' itself as %25)";

  /**
   * The first parameter of a raw query string that cannot be decoded, or null when every name and
   * value decodes. A name that cannot be decoded is named {@code query}.
   */
  static Malformed problem(String query) {
    if (query == null || query.indexOf('%') < 0) {
      return null;
    }
    for (String pair : query.split("&", -1)) {
      int equals = pair.indexOf('=');
      String rawName = equals < 0 ? pair : pair.substring(0, equals);
      String name = decode(rawName);
      if (name == null) {
        return new Malformed(
            "query",
            "the parameter name '" + rawName + "' has a malformed percent escape: " + RULE);
      }
      if (equals >= 0 && decode(pair.substring(equals + 1)) == null) {
        return new Malformed(name, name + " has a malformed percent escape: " + RULE);
      }
    }
    return null;
  }

  /**
   * The text of a form-encoded name or value, or null when its escapes are malformed or not UTF-8.
   */
  static String decode(String raw) {
    if (raw.indexOf('%') < 0) {
      return raw.replace('+', ' ');
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%') {
        if (i + 2 >= raw.length()) {
          return null;
        }
        int high = Character.digit(raw.charAt(i + 1), 16);
        int low = Character.digit(raw.charAt(i + 2), 16);
        if (high < 0 || low < 0) {
          return null;
        }
        bytes.write(high * 16 + low);
        i += 2;
      } else if (c == '+') {
        bytes.write(' ');
      } else {
        int codePoint = raw.codePointAt(i);
        bytes.writeBytes(Character.toString(codePoint).getBytes(StandardCharsets.UTF_8));
        i += Character.charCount(codePoint) - 1;
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
