package dev.spotcast.query.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * At most {@code spotcast.query.max-request-body} (1 MB by default: a batch of 1000 points is about
 * 80 KB) of request body is read, whether the client announced its length or sent it in chunks:
 * reading more fails with {@link BodyTooLargeException}, which the API answers with 413.
 */
@Component
public class RequestBodyLimit extends OncePerRequestFilter {

  private final long limit;

  public RequestBodyLimit(@Value("${spotcast.query.max-request-body:1MB}") DataSize limit) {
    this.limit = limit.toBytes();
  }

  /** Reading a request body beyond the limit. */
  public static class BodyTooLargeException extends IOException {
    private final long limit;

    BodyTooLargeException(long limit) {
      super(
          "the request body is larger than " + limit + " bytes (spotcast.query.max-request-body)");
      this.limit = limit;
    }

    public long limit() {
      return limit;
    }
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    chain.doFilter(
        new HttpServletRequestWrapper(request) {
          private ServletInputStream limited;

          @Override
          public ServletInputStream getInputStream() throws IOException {
            if (request.getContentLengthLong() > limit) {
              throw new BodyTooLargeException(limit);
            }
            if (limited == null) {
              limited = new Limited(request.getInputStream(), limit);
            }
            return limited;
          }
        },
        response);
  }

  private static final class Limited extends ServletInputStream {
    private final ServletInputStream in;
    private final long limit;
    private long read;

    Limited(ServletInputStream in, long limit) {
      this.in = in;
      this.limit = limit;
    }

    private int count(int n) throws BodyTooLargeException {
      if (n > 0) {
        read += n;
        if (read > limit) {
          throw new BodyTooLargeException(limit);
        }
      }
      return n;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      return count(in.read(buffer, offset, length));
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}
