package dev.taskrow.dashboard;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The two readings of the overview that TaskAdmin has no call for: the oldest PENDING task of each
 * queue and the finished tasks per minute. Reads only; the database's clock is "now", as for the
 * engine's leases.
 */
final class DashboardQueries {
  /** Minutes of the overview's chart. */
  static final int MINUTES = 60;

  // PENDING rows are in the claim index, which holds the active rows only: this reads the backlog,
  // never the finished history.
  private static final String OLDEST_PENDING =
      """
      select queue, extract(epoch from now() - min(created_at))::bigint as age_seconds
        from taskrow_task
       where status = 'PENDING'
       group by queue
      """;

  // The tasks created in the last hour and finished since, by the minute they finished in, in
  // three parts (ADR 0011): SUCCESS rows with v7 ids are the primary key's range of the hour (a
  // v7 id's time is its created_at; the range ends a day ahead, as the engine's searches do, since
  // random v4 ids spread over the whole key), SUCCESS rows with v4 ids, kept from before V10, are
  // read from taskrow_task_success_v4_idx alone (it includes queue and finished_at), FAILED rows
  // through the failed-window index. A task created earlier that finished within the hour is left
  // out: the price of reading by created time (the engine keeps no index on finished_at).
  private static final String PER_MINUTE =
      """
      select f.queue,
             (extract(epoch from date_trunc('minute', now()) - date_trunc('minute', f.finished_at))
                 / 60)::int as minutes_ago,
             count(*) filter (where f.status = 'SUCCESS') as succeeded,
             count(*) filter (where f.status = 'FAILED') as failed
        from (select t.queue, t.status, t.finished_at from taskrow_task t
               where t.status = 'SUCCESS' and substr(t.id::text, 15, 1) = '7'
                 and t.id >= taskrow_uuid7_floor(now() - interval '1 hour')
                 and t.id < taskrow_uuid7_floor(now() + interval '1 day')
                 and t.created_at >= now() - interval '1 hour'
              union all
              select t.queue, t.status, t.finished_at from taskrow_task t
               where t.status = 'SUCCESS' and substr(t.id::text, 15, 1) <> '7'
                 and t.created_at >= now() - interval '1 hour'
              union all
              select t.queue, t.status, t.finished_at from taskrow_task t
               where t.status = 'FAILED' and t.created_at >= now() - interval '1 hour') f
       where f.finished_at > date_trunc('minute', now()) - interval '1 hour'
       group by 1, 2
      """;

  private final DataSource dataSource;

  DashboardQueries(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** The age of each queue's oldest PENDING task; a queue with none is absent. */
  Map<String, Duration> oldestPendingAge() throws SQLException {
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
  Map<String, Throughput> perMinute() throws SQLException {
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
  static final class Throughput {
    final long[] succeeded = new long[MINUTES];
    final long[] failed = new long[MINUTES];
  }
}
