package dev.platform.accounts;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;

/**
 * Bounds how many password hashes are computed at once. An Argon2 hash takes 16 MB and a core for
 * tens of milliseconds: unbounded, a burst of logins or signups (no account needed) would take the
 * heap and every CPU. Past the bound, callers wait a little, then get a 503 with Retry-After.
 */
final class PasswordHashing {
  private static final Duration MAX_WAIT = Duration.ofSeconds(5);

  private final Semaphore permits;

  PasswordHashing(int cores) {
    this.permits = new Semaphore(Math.max(2, cores), true);
  }

  <T> T run(Supplier<T> hashing) {
    boolean acquired;
    try {
      acquired = permits.tryAcquire(MAX_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      acquired = false;
    }
    if (!acquired) {
      throw new AccountProblem(
          HttpStatus.SERVICE_UNAVAILABLE,
          "BUSY",
          "too many sign-ins at once; try again in a moment",
          Duration.ofSeconds(1));
    }
    try {
      return hashing.get();
    } finally {
      permits.release();
    }
  }
}
