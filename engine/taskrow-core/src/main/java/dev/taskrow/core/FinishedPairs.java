package dev.taskrow.core;

/**
 * The distinct (queue, kind) pairs of the finished rows, as a recursive {@code pairs (queue, kind)}
 * CTE: a loose index scan of {@code taskrow_task_finished_idx} (V9), one probe per pair ("the next
 * pair after this one"), so a few dozen pairs cost a few dozen probes however many rows each has.
 * PostgreSQL before 18 has no skip scan; without this, a search or count over the index without
 * both leading columns would read all of it.
 */
final class FinishedPairs {
  // The step's "after this pair" is a row comparison for every pair, but two plain keys within a
  // queue: with an equality on the queue beside it, PostgreSQL's btree starts a row comparison's
  // scan at the queue's first entry and reads the whole queue (5.6 s at 10 M rows), where "kind >
  // previous kind" starts right after the previous kind.
  private static final String TEMPLATE =
      """
      with recursive pairs (queue, kind) as (
          (select t.queue, t.kind from taskrow_task t
           where t.status in ('SUCCESS', 'FAILED')%1$s
           order by t.queue, t.kind limit 1)
          union all
          select n.queue, n.kind from pairs p
          cross join lateral (
              select t.queue, t.kind from taskrow_task t
              where t.status in ('SUCCESS', 'FAILED')%2$s
              order by t.queue, t.kind limit 1) n)
      """;

  private FinishedPairs() {}

  /** Every pair. */
  static String all() {
    return TEMPLATE.formatted("", " and (t.queue, t.kind) > (p.queue, p.kind)");
  }

  /** The pairs of the queue bound as {@code :f_queue}. */
  static String ofQueue() {
    return TEMPLATE.formatted(
        " and t.queue = :f_queue", " and t.queue = :f_queue and t.kind > p.kind");
  }
}
