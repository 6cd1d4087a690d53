package dev.taskrow.core;

/**
 * When the engine's statements on the task table must be planned afresh because the table has grown
 * since the server last planned them.
 *
 * <p>The driver prepares a statement on the server at its 5th run, and the server may then keep one
 * plan for it until the table's statistics change. A plan made while the table was small (a new
 * install, a truncated table, a queue whose rows retention removed on a quiet night) reads the
 * whole table wherever a key probe belongs, since one scan of a page or two beats a probe, and it
 * stays while thousands of rows arrive, until autovacuum next analyses the table: a claim of 500
 * rows found each of them by reading the whole table, one claim a second, and the steady workload
 * behind NOTIFY fell behind (issue 19, ADR 0021). Planning every call instead costs the claim half
 * a millisecond.
 *
 * <p>So the engine watches the table's size (read with the claim floor, once per poll interval)
 * and, each time it has doubled since the last renewal, starts a new generation: every statement's
 * text then ends with the generation's number, which the driver and the server take for a new
 * statement, planned again with the table as it is now. Past {@link #SETTLED_PAGES} a kept plan
 * probes keys whatever the table's size, and renewals stop. From empty to settled that is about
 * seven renewals.
 */
final class PlanGeneration {
  /** A table of this many pages or more is planned with key probes: no renewal beyond it. */
  static final long SETTLED_PAGES = 1_024;

  /** Below this many pages a kept plan cannot be far wrong: no renewal for growth below it. */
  static final long FIRST_RENEWAL_PAGES = 8;

  private volatile int generation;
  // Statements run before the first reading were planned at some size up to it: counted as none.
  private long pagesAtRenewal;

  /** The number of the current generation, 0 before the first renewal. */
  int current() {
    return generation;
  }

  /**
   * The task table has {@code pages} pages now. A table at least twice the size of the last
   * renewal's (or, before any, of none), and past {@link #FIRST_RENEWAL_PAGES}, starts a new
   * generation. A table that shrank (pruned, truncated) is recorded as it is, so that its next
   * growth renews again.
   */
  synchronized void tableHas(long pages) {
    if (pages < pagesAtRenewal) {
      pagesAtRenewal = pages;
      return;
    }
    if (pagesAtRenewal >= SETTLED_PAGES) {
      return;
    }
    if (pages >= FIRST_RENEWAL_PAGES && pages >= 2 * pagesAtRenewal) {
      pagesAtRenewal = pages;
      generation++;
    }
  }
}
