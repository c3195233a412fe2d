package dev.spotcast.query;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Requests sent byte for byte over a socket, as a hostile client would: what an HTTP client library
 * would refuse to send or would normalise (bad request lines, encoded slashes, malformed headers).
 */
public final class RawHttp {

  private RawHttp() {}

  /** A response: status, headers (lower-case names) and the body, de-chunked. */
  public record Response(int status, Map<String, String> headers, String body) {
    public String contentType() {
      return headers.getOrDefault("content-type", "");
    }
  }

  /**
   * Sends {@code head} (request line and headers, without the final blank line) and {@code body}.
   */
  public static Response send(int port, String head, byte[] body) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write((head + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      if (body != null) {
        try {
          out.write(body);
        } catch (IOException refusedMidway) {
          // The server may answer and close before reading all of a body it refuses.
        }
      }
      out.flush();
      return read(socket.getInputStream());
    }
  }

  public static Response get(int port, String target, String... headers) throws IOException {
    return send(port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1" + lines(headers), null);
  }

  public static Response post(
      int port, String target, String contentType, byte[] body, String... headers)
      throws IOException {
    String head =
        "POST "
            + target
            + " HTTP/1.1\r\nHost: 127.0.0.1"
            + (contentType == null ? "" : "\r\nContent-Type: " + contentType)
            + "\r\nContent-Length: "
            + body.length
            + lines(headers);
    return send(port, head, body);
  }

  private static String lines(String... headers) {
    StringBuilder text = new StringBuilder();
    for (String header : headers) {
      text.append("\r\n").append(header);
    }
    return text.toString();
  }

  private static Response read(InputStream in) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      for (int n; (n = in.read(buffer)) > 0; ) {
        all.write(buffer, 0, n);
      }
    } catch (SocketException resetAfterAnswer) {
      // A server that refuses a large body may reset the connection once it has answered.
    }
    String text = all.toString(StandardCharsets.ISO_8859_1);
    int end = text.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new IOException("no HTTP response: " + text);
    }
    String[] lines = text.substring(0, end).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.put(
          lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
          lines[i].substring(colon + 1).strip());
    }
    byte[] raw = text.substring(end + 4).getBytes(StandardCharsets.ISO_8859_1);
    String body =
        "chunked".equalsIgnoreCase(headers.get("transfer-encoding"))
            ? dechunk(raw)
            : new String(raw, StandardCharsets.UTF_8);
    return new Response(status, headers, body);
  }

  private static String dechunk(byte[] raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int at = 0;
    while (at < raw.length) {
      int lineEnd = at;
      while (lineEnd + 1 < raw.length && !(raw[lineEnd] == '\r' && raw[lineEnd + 1] == '\n')) {
        lineEnd++;
      }
      String size =
          new String(raw, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].strip();
      int length = size.isEmpty() ? 0 : Integer.parseInt(size, 16);
      if (length == 0) {
        break;
      }
      out.write(raw, lineEnd + 2, Math.min(length, raw.length - lineEnd - 2));
      at = lineEnd + 2 + length + 2;
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
