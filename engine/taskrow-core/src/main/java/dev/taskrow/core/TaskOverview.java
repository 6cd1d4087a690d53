package dev.taskrow.core;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The two readings of a dashboard's overview that {@link TaskAdmin} has no call for: the oldest
 * PENDING task of each queue and the finished tasks per minute of the last hour. Reads only; the
 * database's clock is "now", as for the engine's leases. In core (not in the dashboard module) so
 * the benchmark times the statements the dashboard runs.
 */
public final class TaskOverview {
  /** Minutes of the per-minute reading. */
  public static final int MINUTES = 60;

  // PENDING rows are in the claim index, which holds the active rows only: this reads the backlog,
  // never the finished history.
  private static final String OLDEST_PENDING =
      """
      select queue, extract(epoch from now() - min(created_at))::bigint as age_seconds
        from taskrow_task
       where status = 'PENDING'
       group by queue
      """;

  // Through taskrow_task_finished_idx (queue, kind, created_at, id) include (status, finished_at),
  // V9, one (queue, kind) pair at a time (a loose index scan finds the pairs), from the index
  // alone: the tasks created in the last hour and finished since, by the minute they finished in
  // (grouped by the minute's timestamp, ~30,000 rows an hour at 10 M rows over 14 days; the minutes
  // ago are computed from the 60 groups per queue, not from every row: half the time at 10 M). A
  // task
  // created earlier that finished within the hour is left out: the price of reading an index
  // instead of the table (the engine keeps no index on finished_at).
  private static final String PER_MINUTE =
      """
      with recursive pairs (queue, kind) as (
          (select queue, kind from taskrow_task
            where status in ('SUCCESS', 'FAILED')
            order by queue, kind limit 1)
          union all
          select n.queue, n.kind from pairs p
          cross join lateral (
              select t.queue, t.kind from taskrow_task t
               where t.status in ('SUCCESS', 'FAILED') and (t.queue, t.kind) > (p.queue, p.kind)
               order by t.queue, t.kind limit 1) n)
      select m.queue,
             (extract(epoch from date_trunc('minute', now()) - m.minute) / 60)::int as minutes_ago,
             m.succeeded, m.failed
        from (select p.queue, date_trunc('minute', t.finished_at) as minute,
                     count(*) filter (where t.status = 'SUCCESS') as succeeded,
                     count(*) filter (where t.status = 'FAILED') as failed
                from pairs p
                cross join lateral (
                    select t.status, t.finished_at from taskrow_task t
                     where t.status in ('SUCCESS', 'FAILED') and t.queue = p.queue
                       and t.kind = p.kind
                       and t.created_at >= now() - interval '1 hour'
                       and t.finished_at > date_trunc('minute', now()) - interval '1 hour') t
               group by 1, 2) m
      """;

  private final DataSource dataSource;

  private TaskOverview(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  public static TaskOverview of(DataSource dataSource) {
    return new TaskOverview(dataSource);
  }

  /** The age of each queue's oldest PENDING task; a queue with none is absent. */
  public Map<String, Duration> oldestPendingAge() throws SQLException {
    Map<String, Duration> ages = new HashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(OLDEST_PENDING);
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        ages.put(r.getString("queue"), Duration.ofSeconds(Math.max(0, r.getLong("age_seconds"))));
      }
    }
    return ages;
  }

  /**
   * Per queue, the tasks finished in each of the last {@link #MINUTES} minutes: index 0 is the
   * oldest minute, the last index the current one.
   */
  public Map<String, Throughput> perMinute() throws SQLException {
    Map<String, Throughput> byQueue = new HashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(PER_MINUTE);
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        int minutesAgo = r.getInt("minutes_ago");
        if (minutesAgo < 0 || minutesAgo >= MINUTES) {
          continue;
        }
        Throughput t = byQueue.computeIfAbsent(r.getString("queue"), q -> new Throughput());
        int slot = MINUTES - 1 - minutesAgo;
        t.succeeded[slot] = r.getLong("succeeded");
        t.failed[slot] = r.getLong("failed");
      }
    }
    return byQueue;
  }

  /** Finished tasks per minute, oldest minute first. */
  public static final class Throughput {
    private final long[] succeeded = new long[MINUTES];
    private final long[] failed = new long[MINUTES];

    /** Succeeded tasks per minute, {@link #MINUTES} of them, oldest first (a copy). */
    public long[] succeeded() {
      return succeeded.clone();
    }

    /** Failed tasks per minute, {@link #MINUTES} of them, oldest first (a copy). */
    public long[] failed() {
      return failed.clone();
    }
  }
}
