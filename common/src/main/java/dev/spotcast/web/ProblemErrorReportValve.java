package dev.spotcast.web;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.Writer;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

/**
 * What Tomcat answers for a request it refuses itself, before any servlet sees it (a request line
 * or header over its limits, an encoded slash, backslash or NUL in the path, an unparsable
 * request): RFC 9457 problem+json like every other error of the API, instead of Tomcat's HTML page.
 * Neither the server's version nor a stack trace is shown.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

  public ProblemErrorReportValve() {
    setShowReport(false);
    setShowServerInfo(false);
  }

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    String reason = reasonPhrase(status);
    String message = response.getMessage();
    String detail =
        message == null || message.isBlank()
            ? "the HTTP server refused the request"
            : "the HTTP server refused the request: " + message;
    if (status == 400) {
      detail +=
          "; check the request line, the path (no encoded '/', '\\' or NUL) and the headers (at most 8 KB each)";
    }
    JsonStringEncoder json = JsonStringEncoder.getInstance();
    String body =
        "{\"type\":\"about:blank\",\"title\":\""
            + new String(json.quoteAsString(reason))
            + "\",\"status\":"
            + status
            + ",\"detail\":\""
            + new String(json.quoteAsString(detail))
            + "\"}";
    try {
      response.setContentType("application/problem+json");
      response.setCharacterEncoding("UTF-8");
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(body);
        response.finishResponse();
      }
    } catch (IOException | IllegalStateException e) {
      // The client is gone or the response cannot be written: nothing more to do.
    }
  }

  private static String reasonPhrase(int status) {
    HttpStatus known = HttpStatus.resolve(status);
    return known == null ? "Error" : known.getReasonPhrase();
  }
}
