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
 *
 * <p>Below {@link #FIRST_RENEWAL_PAGES} no plan is kept at all: every statement is planned with its
 * values ({@link #plansWithValues()}). A plan kept from a table of no pages (a new install, or
 * after a truncate or retention once VACUUM ANALYZE has recorded it empty) reads the whole table at
 * a cost of zero, and until the next reading it stays however fast rows arrive: at 3,000 submits a
 * second the bench's claims took 15, 63, 135, 247 then 519 ms in the first second of a run, and one
 * run in twenty never caught up (issue 19, 2026-12-07, ADR 0022). Planning with values costs a few
 * tenths of a millisecond a statement, paid only while the table holds a couple of hundred rows at
 * most.
 */
final class PlanGeneration {
  /** A table of this many pages or more is planned with key probes: no renewal beyond it. */
  static final long SETTLED_PAGES = 1_024;

  /** Below this many pages no plan is kept; the first kept plans are made at this size or more. */
  static final long FIRST_RENEWAL_PAGES = 8;

  private volatile int generation;
  // Until a reading shows FIRST_RENEWAL_PAGES: no reading yet, or the table is that small.
  private volatile boolean small = true;
  // The size at the last renewal.
  private long pagesAtRenewal;

  /** The number of the current generation, 0 before the first renewal. */
  int current() {
    return generation;
  }

  /**
   * Whether statements are planned with their values on every call, no plan kept: until a reading
   * of the table's size shows {@link #FIRST_RENEWAL_PAGES} pages, and again whenever one shows
   * fewer.
   */
  boolean plansWithValues() {
    return small;
  }

  /**
   * The task table has {@code pages} pages now. Below {@link #FIRST_RENEWAL_PAGES} statements are
   * planned with their values. The first reading at that size or more, and after it each reading of
   * at least twice the size of the last renewal's, starts a new generation; past {@link
   * #SETTLED_PAGES} none does. A table that shrank (pruned, truncated) is recorded as it is, so
   * that its next growth renews again.
   */
  synchronized void tableHas(long pages) {
    if (pages < FIRST_RENEWAL_PAGES) {
      small = true;
      return;
    }
    if (small) {
      // Plans kept from here on are made at this size. Any kept before in the current generation
      // may have been made at none: replanned after the table was truncated or analysed empty.
      // The new generation is published first: a statement that reads small as false (before the
      // generation, Sql.prepare) then sees it, never the old generation's text with a kept plan.
      pagesAtRenewal = pages;
      generation++;
      small = false;
      return;
    }
    if (pages < pagesAtRenewal) {
      pagesAtRenewal = pages;
      return;
    }
    if (pagesAtRenewal < SETTLED_PAGES && pages >= 2 * pagesAtRenewal) {
      pagesAtRenewal = pages;
      generation++;
    }
  }
}
