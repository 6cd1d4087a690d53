package dev.platform.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a JSON request body over {@code maxBytes} with 413 {@code PAYLOAD_TOO_LARGE}, before any
 * of it is parsed: every JSON the API takes is a few kilobytes, and nothing else bounds one
 * (multipart uploads have their own limits and are not touched). A declared length over the limit
 * is refused at once; a chunked body is counted as it is read and fails when it passes the limit.
 */
final class JsonBodyLimitFilter extends OncePerRequestFilter {
  static final String CODE = "PAYLOAD_TOO_LARGE";

  private final long maxBytes;
  private final ProblemWriter problems;

  JsonBodyLimitFilter(long maxBytes, ProblemWriter problems) {
    this.maxBytes = maxBytes;
    this.problems = problems;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    String type = request.getContentType();
    return type == null || !type.toLowerCase(Locale.ROOT).contains("json");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (request.getContentLengthLong() > maxBytes) {
      problems.write(request, response, HttpStatus.CONTENT_TOO_LARGE, CODE, tooLarge(maxBytes));
      return;
    }
    chain.doFilter(new Limited(request, maxBytes), response);
  }

  private static String tooLarge(long maxBytes) {
    return "a JSON body may have at most " + maxBytes + " bytes";
  }

  /** Counts what the handler reads of a body that declared no length. */
  private static final class Limited extends HttpServletRequestWrapper {
    private final long maxBytes;
    private ServletInputStream stream;

    Limited(HttpServletRequest request, long maxBytes) {
      super(request);
      this.maxBytes = maxBytes;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (stream == null) {
        stream = new Counting(super.getInputStream(), maxBytes);
      }
      return stream;
    }
  }

  private static final class Counting extends ServletInputStream {
    private final ServletInputStream in;
    private final long maxBytes;
    private long read;

    Counting(ServletInputStream in, long maxBytes) {
      this.in = in;
      this.maxBytes = maxBytes;
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
      int n = in.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) {
      read += n;
      if (read > maxBytes) {
        // Propagates through the JSON reader to the problem advice: 413 as above.
        throw new ApiProblem(HttpStatus.CONTENT_TOO_LARGE, CODE, tooLarge(maxBytes));
      }
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
