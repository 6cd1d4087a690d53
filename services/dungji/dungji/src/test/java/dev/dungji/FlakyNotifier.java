package dev.dungji;

import dev.dungji.notify.Notice;
import dev.dungji.notify.Notifier;
import dev.dungji.notify.NotifierUnavailableException;
import dev.dungji.watch.Inbox;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The inbox behind a notifier that is down for the next {@link #failNext(int)} notices (as an SMTP
 * server is): the notify task's retry path, on the real engine.
 */
public class FlakyNotifier implements Notifier {
  private final Inbox inbox;
  private final AtomicInteger failuresLeft = new AtomicInteger();
  private final AtomicInteger failed = new AtomicInteger();
  private final AtomicInteger delivered = new AtomicInteger();

  FlakyNotifier(Inbox inbox) {
    this.inbox = inbox;
  }

  /** The next {@code n} notices fail as unavailable. */
  public void failNext(int n) {
    failuresLeft.set(n);
  }

  public int failed() {
    return failed.get();
  }

  public int delivered() {
    return delivered.get();
  }

  @Override
  public void send(Notice notice) throws NotifierUnavailableException {
    if (failuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      failed.incrementAndGet();
      throw new NotifierUnavailableException(
          "connection refused", new java.net.ConnectException("Connection refused"));
    }
    inbox.send(notice);
    delivered.incrementAndGet();
  }

  /** Replaces the inbox notifier (it is only made when no other Notifier exists). */
  @TestConfiguration(proxyBeanMethods = false)
  public static class Config {
    @Bean
    FlakyNotifier flakyNotifier(Inbox inbox) {
      return new FlakyNotifier(inbox);
    }
  }
}
