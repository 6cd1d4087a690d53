package dev.taskrow.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests move by hand: leases expire, retries come due and tasks go stale on command. */
public final class SettableClock extends Clock {
  private volatile Instant now;

  public SettableClock(Instant start) {
    this.now = start;
  }

  public static SettableClock startingNow() {
    return new SettableClock(Instant.now());
  }

  public void advance(Duration duration) {
    now = now.plus(duration);
  }

  public void set(Instant instant) {
    now = instant;
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
