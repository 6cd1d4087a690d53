package dev.taskrow.core;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;

/**
 * Task ids: UUIDv7 (RFC 9562 §5.7), the engine clock's millisecond in the first 48 bits, so the
 * primary key is in creation order (ADR 0011: this prepares moving finished rows out of the hot
 * table by time; the searches still read V9's finished-row index). A task's {@code created_at} is
 * that millisecond ({@link #createdAt}), so ordering by {@code (created_at, id)} and ordering by
 * {@code id} are the same for every row with a v7 id.
 *
 * <p>Monotonic within a process (RFC 9562 §6.2, method 2): a second id in the same millisecond is
 * the previous one plus a random step, never a smaller one. If the clock steps back (a settable
 * clock in tests, an NTP step), ids follow the clock: {@code created_at = id's millisecond} is
 * kept, which is what the searches rely on; monotonic order across that step is not.
 *
 * <p>Written here, not taken from java-uuid-generator: its clock is the system's, and the id must
 * carry the engine's clock (settable in tests) and say which instant it carries; the generator is
 * thirty lines.
 */
final class TaskIds {
  private static final long VERSION_7 = 0x7000L;
  private static final long VARIANT_10 = 0x8000_0000_0000_0000L;
  private static final long RAND_B_MASK = 0x3FFF_FFFF_FFFF_FFFFL;

  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private long lastMillis = Long.MIN_VALUE;
  // The 74 random bits of the last id: 12 of rand_a, 62 of rand_b.
  private long randA;
  private long randB;

  /** {@code clock} null: the system clock (the database clock is not at hand in Java). */
  TaskIds(Clock clock) {
    this.clock = clock == null ? Clock.systemUTC() : clock;
  }

  synchronized UUID next() {
    long millis = clock.millis();
    if (millis == lastMillis) {
      // A step of 1..2^32 keeps the next id of this millisecond unguessable from this one.
      randB += 1 + (random.nextLong() >>> 32);
      if (randB > RAND_B_MASK) {
        randB &= RAND_B_MASK;
        randA++; // 2^11 seeds × 2^62 / 2^32: a millisecond never runs out of ids
      }
    } else {
      lastMillis = millis;
      // The top bit of rand_a starts at 0, leaving room to count up within the millisecond.
      randA = random.nextInt(1 << 11);
      randB = random.nextLong() & RAND_B_MASK;
    }
    long most = (millis << 16) | VERSION_7 | (randA & 0xFFF);
    long least = VARIANT_10 | randB;
    return new UUID(most, least);
  }

  /** The instant a v7 id carries, which is the task's {@code created_at}. */
  static Instant createdAt(UUID id) {
    if (id.version() != 7) {
      throw new IllegalArgumentException("not a UUIDv7: " + id);
    }
    return Instant.ofEpochMilli(id.getMostSignificantBits() >>> 16);
  }

  /**
   * The smallest v7 id of the millisecond {@code at} falls in: every v7 id created at or after
   * {@code at} is at least this one.
   */
  static UUID floor(Instant at) {
    return new UUID((at.toEpochMilli() << 16) | VERSION_7, VARIANT_10);
  }

  /** The smallest v7 id after the millisecond {@code at} falls in. */
  static UUID after(Instant at) {
    return new UUID(((at.toEpochMilli() + 1) << 16) | VERSION_7, VARIANT_10);
  }
}
