package dev.taskrow.core;

import dev.taskrow.core.Sql.Params;
import dev.taskrow.core.Sql.SqlArray;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The claim of kinds with a {@link ConcurrencyLimit}: never more tasks of one key in flight than
 * its limit, however many instances claim at once. Kinds without a limit never come here; their
 * claim is {@link TaskRepository}'s single statement, unchanged.
 *
 * <h2>Why it is correct</h2>
 *
 * A key's slots are held by its rows that are PROCESSING with a lease ({@code locked_until} set,
 * expired or not). Only a claim gives a row a lease; every other write (success, failure, retry,
 * snooze, hand-back, lease expiry, cancel) takes it away or keeps it. So only claims can add to a
 * key's count, and claims of a key are serialised:
 *
 * <ol>
 *   <li>{@link #lockKeys} takes, in the claim's transaction, a transaction-scoped advisory lock per
 *       key ({@code pg_try_advisory_xact_lock}); a key another claimer holds is skipped, as SKIP
 *       LOCKED skips a row (that claimer is serving it). The locks are released at the end of the
 *       transaction, after its commit is visible to every later snapshot (PostgreSQL releases locks
 *       after it marks the transaction committed).
 *   <li>{@link #claim} is the transaction's next statement. Under READ COMMITTED it takes a new
 *       snapshot when it starts, after every lock was granted, so it sees every claim of its keys
 *       that committed before: it counts the slots held, and claims at most the free ones.
 * </ol>
 *
 * While the locks are held no other claim of those keys can commit, and the other writes only free
 * slots, so the count can only be too high (a finish not visible yet: fewer claimed, never more).
 * Hence in flight ≤ limit at every commit. Under REPEATABLE READ or SERIALIZABLE the snapshot would
 * be the first statement's, taken before the locks: the first statement reads the isolation level
 * and the claim refuses to go on under anything but READ COMMITTED.
 *
 * <p>An expired lease's row still holds its slot (its handler may still be running). Rescuing it
 * needs no free slot: the slot passes to the new attempt, the count does not change. It is freed
 * when the row is rescued and finishes, or closed FAILED(LEASE_EXPIRED) on its last attempt. A row
 * waiting for a retry or snoozing holds no slot; when it is due it is claimed like a PENDING one,
 * within the limit. Rows the statements skip (locked by a concurrent write) are only claimed less.
 *
 * <p>The lock is per (kind, key), hashed to 32 bits in a key space of its own ({@link
 * #LOCK_SPACE}); two keys that collide share a lock, which only serialises them.
 */
final class LimitedClaimRepository {
  /**
   * The first half of every advisory lock the engine takes: "tr" + "ck" ("taskrow concurrency
   * key").
   */
  static final int LOCK_SPACE = 0x7472636B;

  // The keys of this queue's limited kinds with a claimable row and a free slot (or an expired
  // lease to rescue), best row first, as many as the claim could take; each locked if no other
  // claimer holds it. The distinct keys are walked on the index (a loose index scan: one probe per
  // key), so a long backlog of one key costs nothing; a full key is passed over by a probe of the
  // small index of held slots. A paused queue gives none.
  private static final Sql LOCK_KEYS =
      Sql.of(
          """
          with recursive active_keys(kind, concurrency_key) as (
              select l.kind,
                     (select min(t.concurrency_key) from taskrow_task t
                      where t.kind = l.kind and t.status in ('PENDING', 'PROCESSING')
                        and t.concurrency_key is not null)
              from unnest(cast(:kinds as text[])) as l(kind)
            union all
              select a.kind,
                     (select min(t.concurrency_key) from taskrow_task t
                      where t.kind = a.kind and t.concurrency_key > a.concurrency_key
                        and t.status in ('PENDING', 'PROCESSING') and t.concurrency_key is not null)
              from active_keys a
              where a.concurrency_key is not null
          ),
          ready as materialized (
              select a.kind, a.concurrency_key, best.priority, best.due_at
              from active_keys a
              join unnest(cast(:kinds as text[]), cast(:limits as int[])) as l(kind, max_in_flight)
                on l.kind = a.kind
              cross join lateral (
                  select count(*) as n from taskrow_task h
                  where h.kind = a.kind and h.concurrency_key = a.concurrency_key
                    and h.status = 'PROCESSING' and h.locked_until is not null
                    and h.concurrency_key is not null) held
              cross join lateral (
                  (select t.priority, t.due_at from taskrow_task t
                   where held.n < l.max_in_flight
                     and t.kind = a.kind and t.concurrency_key = a.concurrency_key
                     and t.queue = :queue and t.status in ('PENDING', 'PROCESSING')
                     and t.concurrency_key is not null
                     and t.due_at <= :now and t.attempt_count < t.max_attempts
                   order by t.priority desc, t.due_at
                   limit 1)
                  union all
                  (select t.priority, t.due_at from taskrow_task t
                   where t.kind = a.kind and t.concurrency_key = a.concurrency_key
                     and t.queue = :queue and t.status = 'PROCESSING' and t.locked_until is not null
                     and t.concurrency_key is not null
                     and t.due_at <= :now and t.attempt_count < t.max_attempts
                   limit 1)
                  limit 1) best
              where a.concurrency_key is not null
                and not exists (select from taskrow_paused_queue p where p.queue = :queue)
              order by best.priority desc, best.due_at
              limit :limit
          )
          select kind, concurrency_key, current_setting('transaction_isolation') as isolation
          from ready
          where pg_try_advisory_xact_lock(:lock_space, hashtext(kind || '/' || concurrency_key))
          """);

  // Runs after LOCK_KEYS in the same transaction, with a snapshot taken after its locks: per locked
  // key, its free slots (the limit less the rows holding one) in fresh starts, plus every expired
  // lease to rescue (it keeps the slot it holds). Then the same update as the ordinary claim.
  private static final Sql CLAIM =
      Sql.of(
          """
          with locked as (
              select k.kind, k.concurrency_key, k.max_in_flight, k.lease_ms,
                     k.max_in_flight - (select count(*) from taskrow_task h
                                        where h.kind = k.kind and h.concurrency_key = k.concurrency_key
                                          and h.status = 'PROCESSING' and h.locked_until is not null
                                          and h.concurrency_key is not null) as free
              from unnest(cast(:kinds as text[]), cast(:keys as text[]), cast(:limits as int[]),
                          cast(:lease_ms as bigint[])) as k(kind, concurrency_key, max_in_flight, lease_ms)
              where not exists (select from taskrow_paused_queue p where p.queue = :queue)
                and (select case when cast(:async_commit as boolean)
                             then set_config('synchronous_commit', 'off', true) else '' end) is not null
          ),
          fresh as materialized (
              select c.*, k.lease_ms from locked k
              cross join lateral (
                  select t.id, t.status as previous_status, t.locked_until as previous_lease,
                         t.due_at as previous_due_at, t.priority, t.due_at
                  from taskrow_task t
                  where t.kind = k.kind and t.concurrency_key = k.concurrency_key
                    and t.queue = :queue and t.status in ('PENDING', 'PROCESSING')
                    and t.concurrency_key is not null and t.locked_until is null
                    and t.due_at <= :now and t.attempt_count < t.max_attempts
                  order by t.priority desc, t.due_at
                  limit least(greatest(k.free, 0), :limit)
                  for update skip locked) c
          ),
          rescued as materialized (
              select c.*, k.lease_ms from locked k
              cross join lateral (
                  select t.id, t.status as previous_status, t.locked_until as previous_lease,
                         t.due_at as previous_due_at, t.priority, t.due_at
                  from taskrow_task t
                  where t.kind = k.kind and t.concurrency_key = k.concurrency_key
                    and t.queue = :queue and t.status = 'PROCESSING' and t.locked_until is not null
                    and t.concurrency_key is not null
                    and t.due_at <= :now and t.attempt_count < t.max_attempts
                  limit :limit
                  for update skip locked) c
          ),
          next as (
              select * from (select * from fresh union all select * from rescued) n
              order by n.priority desc, n.due_at
              limit :limit
          )
          update taskrow_task t
          set status = 'PROCESSING',
              attempt_count = t.attempt_count + 1,
              fence_token = t.fence_token + 1,
              locked_by = :worker,
              locked_until = :now + next.lease_ms * interval '1 millisecond',
              due_at = :now + next.lease_ms * interval '1 millisecond',
              next_retry_at = null,
              last_attempt_at = :now,
              started_at = coalesce(t.started_at, :now)
          from next
          where t.id = next.id
          returning t.*, next.previous_status, next.previous_lease, next.previous_due_at, :now as claimed_at
          """);

  // Slots held now, per key of the given kinds: from the index of held slots alone.
  private static final Sql HELD =
      Sql.of(
          """
          select kind, concurrency_key, count(*) as held from taskrow_task
          where status = 'PROCESSING' and locked_until is not null and concurrency_key is not null
            and kind = any(cast(:kinds as text[]))
          group by kind, concurrency_key
          """);

  private final Clock clock;

  /** As {@link TaskRepository}'s: the claim's commit does not wait for the WAL flush. */
  private final boolean asyncLeaseCommits;

  /** The task repository's: when the statements are planned afresh as the task table grows. */
  private final PlanGeneration plans;

  /** {@code clock} null: the database clock, as in production. */
  LimitedClaimRepository(Clock clock, boolean asyncLeaseCommits, PlanGeneration plans) {
    this.clock = clock;
    this.asyncLeaseCommits = asyncLeaseCommits;
    this.plans = plans;
  }

  /**
   * {@code sql} with {@code params}, planned as the task table's size wants ({@link
   * PlanGeneration}).
   */
  private PreparedStatement prepare(Sql sql, Connection c, Params params) throws SQLException {
    return sql.prepare(c, clock, params, plans);
  }

  /** A key a claimer holds the lock of, for the rest of its transaction. */
  record LockedKey(String kind, String key) {}

  /**
   * Locks up to {@code limit} keys of the kinds that have a claimable row and a free slot (or an
   * expired lease). Must run in a transaction, at READ COMMITTED, followed by {@link #claim}.
   */
  List<LockedKey> lockKeys(Connection c, String queue, String[] kinds, Integer[] limits, int limit)
      throws SQLException {
    Params params =
        Sql.params()
            .with("queue", queue)
            .with("kinds", new SqlArray("text", kinds))
            .with("limits", new SqlArray("int4", limits))
            .with("limit", limit)
            .with("lock_space", LOCK_SPACE);
    List<LockedKey> locked = new ArrayList<>();
    try (PreparedStatement statement = prepare(LOCK_KEYS, c, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        if (!"read committed".equals(rs.getString("isolation"))) {
          throw new IllegalStateException(
              "the claim of kinds with a concurrency limit needs READ COMMITTED, the transaction is "
                  + rs.getString("isolation")
                  + " (check default_transaction_isolation)");
        }
        locked.add(new LockedKey(rs.getString("kind"), rs.getString("concurrency_key")));
      }
    }
    return locked;
  }

  /** Claims, within each locked key's free slots, at most {@code limit} tasks. */
  List<TaskRepository.Claimed> claim(
      Connection c,
      String queue,
      List<LockedKey> keys,
      Integer[] limits,
      Long[] leaseMillis,
      String worker,
      int limit)
      throws SQLException {
    Params params =
        Sql.params()
            .with("queue", queue)
            .with("kinds", new SqlArray("text", keys.stream().map(LockedKey::kind).toArray()))
            .with("keys", new SqlArray("text", keys.stream().map(LockedKey::key).toArray()))
            .with("limits", new SqlArray("int4", limits))
            .with("lease_ms", new SqlArray("int8", leaseMillis))
            .with("worker", worker)
            .with("limit", limit)
            .with("async_commit", asyncLeaseCommits);
    List<TaskRepository.Claimed> claimed = new ArrayList<>();
    try (PreparedStatement statement = prepare(CLAIM, c, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        claimed.add(
            new TaskRepository.Claimed(
                TaskRepository.mapTask(rs),
                TaskStatus.valueOf(rs.getString("previous_status")),
                TaskRepository.instant(rs, "previous_lease"),
                TaskRepository.instant(rs, "previous_due_at"),
                TaskRepository.instant(rs, "claimed_at")));
      }
    }
    return claimed;
  }

  /** A key's slots held now. */
  record Held(String kind, String key, long held) {}

  List<Held> held(Connection c, String[] kinds) throws SQLException {
    List<Held> held = new ArrayList<>();
    try (PreparedStatement statement =
            prepare(HELD, c, Sql.params().with("kinds", new SqlArray("text", kinds)));
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        held.add(
            new Held(rs.getString("kind"), rs.getString("concurrency_key"), rs.getLong("held")));
      }
    }
    return held;
  }
}
