package dev.taskrow.core;

/**
 * What a recurring kind's scheduler does with the slots that came due while no scheduler ran (all
 * instances down, the database unreachable): {@link #latestOnce()} runs only the latest of them,
 * {@link #everySlot(int)} runs each of them, the latest {@code maxSlots} at most. Slots beyond the
 * policy are skipped: never enqueued, logged and counted.
 *
 * @param everySlot whether every missed slot runs, not only the latest
 * @param maxSlots how many due slots one catch-up enqueues at most (1 for {@link #latestOnce()})
 */
public record MisfirePolicy(boolean everySlot, int maxSlots) {
  /** The largest bound {@link #everySlot(int)} takes. */
  public static final int MAX_SLOTS = 10_000;

  public MisfirePolicy {
    if (!everySlot && maxSlots != 1) {
      throw new IllegalArgumentException("latest-once enqueues one slot, not " + maxSlots);
    }
    if (maxSlots < 1 || maxSlots > MAX_SLOTS) {
      throw new IllegalArgumentException(
          "misfire bound must be 1.." + MAX_SLOTS + " slots, was " + maxSlots);
    }
  }

  /** The default: after downtime, the latest missed slot runs once and the others are skipped. */
  public static MisfirePolicy latestOnce() {
    return new MisfirePolicy(false, 1);
  }

  /** After downtime, every missed slot runs, oldest first, but only the latest {@code maxSlots}. */
  public static MisfirePolicy everySlot(int maxSlots) {
    return new MisfirePolicy(true, maxSlots);
  }

  @Override
  public String toString() {
    return everySlot ? "every missed slot (at most " + maxSlots + ")" : "latest missed slot once";
  }
}
