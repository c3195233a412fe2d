package dev.spotcast.query.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * An answer leaves when its request ends, in one write with its {@code Content-Length}, unless it
 * outgrows Tomcat's buffer (then it goes out as the buffer fills, chunked, as before). Spring's
 * message converters flush the servlet stream after writing a body; passed on, that flush committed
 * every answer at once in chunked encoding, and the end of the request wrote the last chunk in a
 * second system call. With the flushes held, Tomcat's socket writes fell from 5.5-5.9 % to 4.5 % of
 * the service's CPU in profiles of spots at places never asked before (docs/benchmarks-journal.md,
 * "Stop 52"). Flushes and {@code flushBuffer} before the end are held; writes, closes and
 * everything else pass through.
 */
@Component
public class OneWriteAnswers extends OncePerRequestFilter {

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    chain.doFilter(request, new HeldFlushes(response));
  }

  /** A response whose flushes wait for the end of the request. */
  static final class HeldFlushes extends HttpServletResponseWrapper {

    private ServletOutputStream held;

    HeldFlushes(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void flushBuffer() {
      // Held: the container sends what is buffered when the request ends.
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      if (held == null) {
        held = new HeldFlushStream(super.getOutputStream());
      }
      return held;
    }
  }

  /** The servlet stream, without its flush. */
  private static final class HeldFlushStream extends ServletOutputStream {

    private final ServletOutputStream out;

    HeldFlushStream(ServletOutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      out.write(bytes, offset, length);
    }

    @Override
    public void flush() {
      // Held: see OneWriteAnswers.
    }

    @Override
    public void close() throws IOException {
      out.close();
    }

    @Override
    public boolean isReady() {
      return out.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      out.setWriteListener(listener);
    }
  }
}
