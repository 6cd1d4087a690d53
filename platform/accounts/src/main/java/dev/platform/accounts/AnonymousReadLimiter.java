package dev.platform.accounts;

import dev.platform.web.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits the API's reads (GET, HEAD) that carry no bearer token, per client address: a token bucket
 * of {@code accounts.anonymous-reads.per-minute}, refilled evenly, in memory (per instance: a limit
 * against a scraper or a runaway client, not a quota). Over it: 429 {@code RATE_LIMITED} with
 * {@code Retry-After}. Health checks are not counted (load balancers poll them). Hand-written
 * rather than Bucket4j: one bucket type, about forty lines, no cache library.
 */
final class AnonymousReadLimiter extends OncePerRequestFilter {
  private final ProblemWriter problems;
  private final double perNano;
  private final int capacity;
  private final int maxAddresses;
  private final LongSupplier nanoTime;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  AnonymousReadLimiter(
      AccountsProperties.AnonymousReads limits, ProblemWriter problems, LongSupplier nanoTime) {
    this.problems = problems;
    this.capacity = limits.perMinute();
    this.perNano = limits.perMinute() / (double) Duration.ofMinutes(1).toNanos();
    this.maxAddresses = limits.maxAddresses();
    this.nanoTime = nanoTime;
  }

  /** Tokens left and when they were last topped up; guarded by its own monitor. */
  private static final class Bucket {
    double tokens;
    long at;

    Bucket(double tokens, long at) {
      this.tokens = tokens;
      this.at = at;
    }
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    // Reads only: a login or signup has its own throttle, and every other write needs a token.
    boolean read = "GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod());
    return !read
        || request.getHeader(HttpHeaders.AUTHORIZATION) != null
        || request.getRequestURI().startsWith("/actuator/health");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long waitNanos = take(request.getRemoteAddr());
    if (waitNanos > 0) {
      long seconds = Duration.ofNanos(waitNanos).toSeconds() + 1; // rounded up, never 0
      response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
      problems.write(
          request,
          response,
          HttpStatus.TOO_MANY_REQUESTS,
          "RATE_LIMITED",
          "too many requests without a token from this address; sign in or wait " + seconds + " s");
      return;
    }
    chain.doFilter(request, response);
  }

  /** 0 when the request may go, else how long until a token is there. */
  long take(String address) {
    long now = nanoTime.getAsLong();
    if (buckets.size() >= maxAddresses) {
      // Full buckets say nothing a new bucket would not: forget them first.
      buckets.values().removeIf(b -> refilled(b, now) >= capacity);
    }
    Bucket bucket = buckets.computeIfAbsent(address, a -> new Bucket(capacity, now));
    synchronized (bucket) {
      bucket.tokens = refilled(bucket, now);
      bucket.at = now;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return (long) Math.ceil((1 - bucket.tokens) / perNano);
    }
  }

  private double refilled(Bucket bucket, long now) {
    synchronized (bucket) {
      return Math.min(capacity, bucket.tokens + (now - bucket.at) * perNano);
    }
  }
}
