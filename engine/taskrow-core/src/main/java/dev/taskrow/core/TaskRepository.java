package dev.taskrow.core;

import dev.taskrow.core.Sql.Params;
import dev.taskrow.core.Sql.SqlArray;
import dev.taskrow.core.Sql.SqlJson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Every statement the engine runs against the task table, and nothing else (the claim also looks up
 * whether its queue is paused). Every write of a claimer matches (id, fence_token): a worker whose
 * lease moved on updates zero rows.
 */
final class TaskRepository {
  // Statements that find their row by id write its status test as "(status = ...) is true": the
  // same test, but one the planner cannot use to prove a partial index's predicate. Written
  // plainly, it lets the planner choose the claim index (active rows only) and filter it for the
  // id whenever the statistics say few rows are active, as they do after a burst of submits or on a
  // table of mostly finished rows: a scan of the whole backlog per SUCCESS (17.8 ms a task at
  // 20,000 active rows in the bench). The primary key is then the only index that fits. The
  // statements below that are package-private are the ones ByIdPlanTest explains.

  private static final Sql INSERT =
      Sql.of(
          """
          insert into taskrow_task
              (id, kind, queue, subject, payload, priority, max_attempts, due_at, parent_id, created_at,
               concurrency_key, trace_parent)
          values
              (:id, :kind, :queue, :subject, cast(:payload as jsonb), :priority, :max_attempts,
               :now + :delay_ms * interval '1 millisecond', :parent_id, :created_at, :concurrency_key,
               :trace_parent)
          """);

  private static final Sql INSERT_BATCH =
      Sql.of(
          """
          insert into taskrow_task
              (id, kind, queue, subject, payload, priority, max_attempts, due_at, parent_id, created_at,
               concurrency_key, trace_parent)
          select t.id, t.kind, t.queue, t.subject, cast(t.payload as jsonb), t.priority, t.max_attempts,
                 :now + t.delay_ms * interval '1 millisecond', t.parent_id, t.created_at, t.concurrency_key,
                 :trace_parent
          from unnest(cast(:ids as uuid[]), cast(:kinds as text[]), cast(:queues as text[]),
                      cast(:subjects as text[]), cast(:payloads as text[]), cast(:priorities as int[]),
                      cast(:max_attempts as int[]), cast(:delays as bigint[]), cast(:parents as uuid[]),
                      cast(:concurrency_keys as text[]), cast(:created_ats as timestamptz[]))
               as t(id, kind, queue, subject, payload, priority, max_attempts, delay_ms, parent_id,
                    concurrency_key, created_at)
          """);

  // The partial unique index decides races: a concurrent insert for the same subject waits for
  // the first one's commit and then inserts nothing.
  private static final Sql INSERT_IF_NO_ACTIVE =
      Sql.of(
          """
          insert into taskrow_task
              (id, kind, queue, subject, payload, priority, max_attempts, due_at, parent_id, created_at,
               concurrency_key, trace_parent)
          values
              (:id, :kind, :queue, :subject, cast(:payload as jsonb), :priority, :max_attempts,
               :now + :delay_ms * interval '1 millisecond', :parent_id, :created_at, :concurrency_key,
               :trace_parent)
          on conflict (kind, subject) where status in ('PENDING', 'PROCESSING') and subject is not null
          do nothing
          """);

  // A submit taken by a worker of the submitting process (SubmitTaker): the row is inserted as the
  // claim would leave it, PROCESSING under that worker's lease with fence token 1, so its one
  // commit is the submit and the claim at once. A paused queue inserts nothing here; the submit
  // then inserts the row PENDING like any other.
  private static final Sql INSERT_TAKEN =
      Sql.of(
          """
          insert into taskrow_task
              (id, kind, queue, subject, payload, priority, max_attempts, parent_id, created_at,
               trace_parent, status, attempt_count, fence_token, locked_by, locked_until, due_at,
               last_attempt_at, started_at)
          select :id, :kind, :queue, :subject, cast(:payload as jsonb), :priority, :max_attempts,
                 :parent_id, :created_at, :trace_parent, 'PROCESSING', 1, 1, :worker,
                 :now + :lease_ms * interval '1 millisecond',
                 :now + :lease_ms * interval '1 millisecond', :now, :now
          where not exists (select from taskrow_paused_queue p where p.queue = :queue)
          returning *, :now as claimed_at
          """);

  private static final String ACTIVE_FOR_SUBJECT =
      """
      select id, status, created_at < :now - :stale_ms * interval '1 millisecond' as stale
      from taskrow_task
      where kind = :kind and subject = :subject and status in ('PENDING', 'PROCESSING')
      """;
  private static final Sql FIND_ACTIVE = Sql.of(ACTIVE_FOR_SUBJECT);
  private static final Sql LOCK_ACTIVE = Sql.of(ACTIVE_FOR_SUBJECT + " and id = :id for update");

  static final Sql FAIL_STALE_PENDING =
      Sql.of(
          """
          update taskrow_task
          set status = 'FAILED', error_code = 'STALE_PENDING', last_error_code = 'STALE_PENDING',
              error_message = 'no worker started it within ' || :stale_ms || ' ms; replaced by a new task',
              finished_at = :now, due_at = null
          where id = :id and (status = 'PENDING') is true
          """);

  // What both claims do to the rows their CTE "next" chose: the attempt starts, under a new fence
  // token and the lease of the row's kind.
  private static final String CLAIM_NEXT_ROWS =
      """
          update taskrow_task t
          set status = 'PROCESSING',
              attempt_count = t.attempt_count + 1,
              fence_token = t.fence_token + 1,
              locked_by = :worker,
              locked_until = :now + lease.ms * interval '1 millisecond',
              due_at = :now + lease.ms * interval '1 millisecond',
              next_retry_at = null,
              last_attempt_at = :now,
              started_at = coalesce(t.started_at, :now)
          from next
          join unnest(cast(:kinds as text[]), cast(:lease_ms as bigint[])) as lease(kind, ms) on true
          where t.id = next.id and lease.kind = t.kind
          returning t.*, next.previous_status, next.previous_lease, next.previous_due_at, :now as claimed_at
      """;

  // The claim of one queue (a round with one queue wanting work: every claim of a one-queue worker,
  // and the low-latency path): the server may keep it prepared, planned once. The last condition
  // is the claim's commit (see asyncLeaseCommits below). Claimable: PENDING and due; PROCESSING
  // waiting for a due retry (no lease); PROCESSING whose lease expired. The CTE keeps the planner
  // from locking more rows than the limit. A paused queue gives nothing: the check does not depend
  // on the row, so PostgreSQL runs it once per statement (an initplan: one primary-key probe of a
  // table of a row or two) and, when the queue is paused, skips the index scan altogether.
  private static final Sql CLAIM_ONE_QUEUE =
      Sql.of(
          """
          with next as (
              select id, status as previous_status, locked_until as previous_lease,
                     due_at as previous_due_at
              from taskrow_task
              where queue = :queue
                and status in ('PENDING', 'PROCESSING')
                and due_at <= :now
                and due_at >= coalesce(cast(:floor as timestamptz), '-infinity')
                and kind = any(cast(:kinds as text[]))
                and attempt_count < max_attempts
                and not exists (select from taskrow_paused_queue p where p.queue = :queue)
                and (select case when cast(:async_commit as boolean)
                             then set_config('synchronous_commit', 'off', true) else '' end) is not null
              order by priority desc, due_at
              limit :limit
              for update skip locked
          )
          """
              + CLAIM_NEXT_ROWS);

  // One statement claims for every queue of a worker that has free capacity, when more than one
  // does: for each wanted queue (its name, how many it can take, its claim floor), the lateral
  // subquery takes that many claimable rows, so a worker of a hundred queues makes one claim where
  // it would make a hundred.
  // Claimable: PENDING and due; PROCESSING waiting for a due retry (no lease); PROCESSING whose
  // lease expired. The limit sits inside the locking subquery, so no more rows are locked than
  // asked for. A paused queue gives nothing: it is dropped from the wanted list before any index
  // is read. The set_config initplan is the claim's commit (see asyncLeaseCommits below).
  // The kinds are every kind without a concurrency limit the worker handles; a kind names its
  // queue, so the queue test alone keeps each queue to its own rows.
  // The floor is written as a row comparison, (due_at, id) >= (floor, the lowest uuid), which is
  // due_at >= floor: the planner still makes due_at >= floor an index condition of the claim index
  // (the row's first column), but no longer pairs it with due_at <= now as one range. A lateral
  // floor is a value the planner cannot see, and a range with an unseen end is estimated at 0.5 %
  // of the queue's rows: a row or two, for which a bitmap scan of every claimable row of the queue
  // and a sort cost the same as the ordered index scan. Which of the two won changed with each
  // ANALYZE; the bitmap read 100 queues of 1,000 rows whole in every claim, 0.3 s against 40 ms.
  private static final Sql CLAIM =
      Sql.of(
              """
          with wanted as (
              select w.queue, w.n, w.floor
              from unnest(cast(:queues as text[]), cast(:limits as int[]),
                          cast(cast(:floors as text[]) as timestamptz[])) as w(queue, n, floor)
              where not exists (select from taskrow_paused_queue p where p.queue = w.queue)
                and (select case when cast(:async_commit as boolean)
                             then set_config('synchronous_commit', 'off', true) else '' end) is not null
          ),
          next as (
              select c.*
              from wanted w
              cross join lateral (
                  select id, status as previous_status, locked_until as previous_lease,
                         due_at as previous_due_at
                  from taskrow_task
                  where queue = w.queue
                    and status in ('PENDING', 'PROCESSING')
                    and due_at <= :now
                    and (due_at, id) >= (coalesce(w.floor, '-infinity'),
                                         cast('00000000-0000-0000-0000-000000000000' as uuid))
                    and kind = any(cast(:kinds as text[]))
                    and attempt_count < max_attempts
                  order by priority desc, due_at
                  limit w.n
                  for update skip locked
              ) c
          )
          """
                  + CLAIM_NEXT_ROWS)
          // A generic plan guesses 10 wanted queues and 10 % of a queue's rows for each lateral
          // limit, and reads every claimable row of every queue to sort them: 270 ms a claim of 100
          // queues against 25 ms planned with the values (100,000 rows). Planning each time costs
          // about a millisecond, which a one-queue round does not pay (CLAIM_ONE_QUEUE).
          .plannedWithItsValues();

  // See ClaimFloor. The statistics' dead-version count is cheap to read and read once (an
  // initplan); each queue's oldest due time is read only when the count is over the threshold (a
  // subplan runs only when its CASE branch does). least() ignores a null: an empty queue's floor
  // is a poll interval before now. The table's size in pages, read with it, is for PlanGeneration
  // (the file's length: no page is read).
  //
  // The oldest due time is read as a walk over the claim index (queue, priority desc, due_at): the
  // first row of the worker's kinds in index order is the highest priority's oldest, and each next
  // step seeks the first below the last priority found, by one descent of the index. A min() over
  // the queue read every active row instead: 181 ms a reading with a million waiting rows, once a
  // poll interval in every worker process (0.5 ms as a walk). Entries of dead versions at the front
  // of each priority are still stepped over once, as min() stepped over all of them.
  private static final Sql CLAIM_FLOOR =
      Sql.of(
              """
          select w.queue,
                 (select pg_relation_size('taskrow_task')
                         / current_setting('block_size')::bigint) as pages,
                 case
                   when coalesce((select n_dead_tup from pg_stat_user_tables
                                  where relid = 'taskrow_task'::regclass), 0) < :dead_rows
                   then null
                   else least((with recursive firsts (priority, due_at) as (
                                   (select priority, due_at from taskrow_task
                                    where queue = w.queue and status in ('PENDING', 'PROCESSING')
                                      and kind = any(cast(:kinds as text[]))
                                    order by priority desc, due_at
                                    limit 1)
                                   union all
                                   select below.priority, below.due_at
                                   from firsts f
                                   cross join lateral (
                                       select t.priority, t.due_at from taskrow_task t
                                       where t.queue = w.queue
                                         and t.status in ('PENDING', 'PROCESSING')
                                         and t.kind = any(cast(:kinds as text[]))
                                         and t.priority < f.priority
                                       order by t.priority desc, t.due_at
                                       limit 1
                                   ) below
                               )
                               select min(due_at) from firsts),
                              :now - :margin_ms * interval '1 millisecond')
                 end as floor
          from unnest(cast(:queues as text[])) as w(queue)
          """)
          .plannedWithItsValues();

  // A row whose lease expired on its last allowed attempt is never claimed again: close it.
  private static final Sql EXPIRE_LEASES =
      Sql.of(
          """
          update taskrow_task
          set status = 'FAILED', error_code = 'LEASE_EXPIRED', last_error_code = 'LEASE_EXPIRED',
              error_message = 'the worker''s lease expired on the last attempt (' || locked_by || ')',
              finished_at = :now, due_at = null, locked_by = null, locked_until = null
          where queue = any(cast(:queues as text[]))
            and status = 'PROCESSING'
            and due_at <= :now
            and locked_until is not null
            and attempt_count >= max_attempts
          returning id, kind, queue, attempt_count
          """);

  private static final String COMPLETE_ONE_TEXT =
      """
          update taskrow_task
          set status = 'SUCCESS', result = cast(:result as jsonb), finished_at = :now,
              due_at = null, locked_by = null, locked_until = null, next_retry_at = null
          where id = :id and fence_token = :token and (status = 'PROCESSING') is true
          """;

  static final Sql COMPLETE_ONE = Sql.of(COMPLETE_ONE_TEXT);

  /**
   * The savepoint a task of a commit batch runs after ({@link CommitBatches}). One name for all of
   * them: a savepoint of a name already taken hides the earlier one, and {@code rollback to} goes
   * back to the latest, so no statement needs to know which task it is.
   */
  static final String BATCH_SAVEPOINT = "taskrow_batch_task";

  /**
   * {@link #COMPLETE_ONE}, then the next task's savepoint, in one round trip: in a commit batch a
   * task then costs the server one message.
   */
  static final Sql COMPLETE_ONE_THEN_SAVEPOINT =
      Sql.of(COMPLETE_ONE_TEXT.strip() + ";\nsavepoint " + BATCH_SAVEPOINT);

  /**
   * Put before a statement that must find its rows by primary-key probes, in the same round trip
   * and the same engine-owned transaction, whenever the statement is planned: the plans that read
   * the whole table or hash it are left as the last resort. SET LOCAL ends with the transaction.
   */
  static final String KEY_PROBES_ONLY =
      """
          set local enable_seqscan = off;
          set local enable_hashjoin = off;
          set local enable_mergejoin = off;
          """;

  // The statements that take a list of ids (this one, HEARTBEAT, RELEASE) probe the primary key
  // once per id, always: their transaction first turns off the plans that read the whole table
  // (KEY_PROBES_ONLY). Left to the planner, they read all of it in two ways: a plan the server
  // keeps, made while the table was empty (a fresh install, a truncated table), scans it, since a
  // generic plan guesses ten ids and one scan of an empty table beats ten probes, and it stays
  // while thousands of rows arrive (issue 19: the steady workload at 3,000/s fell behind on it); a
  // plan made per call with 1,000 ids against statistics that see few PROCESSING rows hashes the
  // whole table (the drain lost 10-23 % of its rate to it). EmptyTablePlanTest counts both.
  // With hash and merge joins off, a statement must never join two lists of ids with each other:
  // the only join left is a nested loop that compares every id with every other. HEARTBEAT and
  // RELEASE joined the ids (unnest) with the rows they had locked (a CTE) that way, 1.5 s for
  // 3,000 running tasks on an idle server (0.19 s for 1,000) while the worker's completions waited
  // behind it (issue 19: the steady workload at 3,000/s fell behind); each row's values now travel
  // with its lock, and every join probes the key. IdListWorkTest keeps all three linear.
  //
  // The batched SUCCESS joins nothing: it reaches its rows through the key (id = any), the only
  // way in, and looks up each row's token and result in one JSON object keyed by id, a binary
  // search per row. A join of the ids (unnest) with the table leaves the order to the planner;
  // against statistics that expect no PROCESSING row (a table analysed empty keeps the column
  // statistics of the rows it had) the planner put the table outside and ran the whole list once
  // per row: 0.2-1.1 s a call at the start of the 3,000/s runs that fell behind (issue 19). Hash
  // joins, allowed for it, kept it linear but cut the drain from ~32k to ~5k tasks/s.
  // EmptyTablePlanTest reproduces the hazard. The object is sent once (the one-row subquery is
  // flattened into the scan) and bound as jsonb, not text: a text parameter cast in the statement
  // would be parsed per row in a kept plan.
  static final Sql COMPLETE_BATCH =
      Sql.of(
          KEY_PROBES_ONLY
              + """
          update taskrow_task t
          set status = 'SUCCESS', result = cast(o.outcomes -> cast(t.id as text) ->> 1 as jsonb),
              finished_at = :now, due_at = null, locked_by = null, locked_until = null,
              next_retry_at = null
          from (select cast(:outcomes as jsonb) as outcomes) as o
          where t.id = any(cast(:ids as uuid[]))
            and t.fence_token = cast(o.outcomes -> cast(t.id as text) ->> 0 as bigint)
            and (t.status = 'PROCESSING') is true
          returning t.id
          """);

  static final Sql FAIL =
      Sql.of(
          """
          update taskrow_task
          set status = 'FAILED', error_code = :code, last_error_code = :code, error_message = :message,
              finished_at = :now, due_at = null, locked_by = null, locked_until = null,
              next_retry_at = null
          where id = :id and fence_token = :token and (status = 'PROCESSING') is true
          """);

  // The end of a write that leaves the row waiting until :delay_ms from now: PROCESSING with no
  // lease, waiting, not stuck. A cancel requested meanwhile wins.
  private static final String WAIT_OR_CANCEL =
      """
          locked_by = null, locked_until = null,
          status = case when cancel_requested then 'FAILED' else 'PROCESSING' end,
          error_code = case when cancel_requested then 'CANCELLED' end,
          finished_at = case when cancel_requested then :now end,
          next_retry_at = case when cancel_requested then null
                               else :now + :delay_ms * interval '1 millisecond' end,
          due_at = case when cancel_requested then null
                        else :now + :delay_ms * interval '1 millisecond' end
      where id = :id and fence_token = :token and (status = 'PROCESSING') is true
      returning status
      """;

  static final Sql SCHEDULE_RETRY =
      Sql.of(
          """
          update taskrow_task
          set last_error_code = :code, error_message = :message,
          """
              + WAIT_OR_CANCEL);

  // "Not yet": waits like a retry but gives the attempt back (the claim counted it) and counts the
  // snooze.
  static final Sql SNOOZE =
      Sql.of(
          """
          update taskrow_task
          set attempt_count = greatest(attempt_count - 1, 0),
              snooze_count = snooze_count + case when cancel_requested then 0 else 1 end,
              last_error_code = case when cancel_requested then 'CANCELLED' else last_error_code end,
              error_message = case when cancel_requested then 'cancelled' else error_message end,
          """
              + WAIT_OR_CANCEL);

  // locked_by is null once the attempt wrote its retry or snooze (same token, still PROCESSING): a
  // heartbeat of that attempt, sent in the moment before the worker forgets it, must not lease the
  // waiting row again, which would move its due time from the retry's to the lease's.
  // A row another transaction holds is skipped, not waited for, and answered as busy (cancel
  // null): a commit batch (ADR 0019) holds the rows it has written SUCCESS to until it commits, and
  // a heartbeat that locked a row the batch had yet to reach, then waited for one it had written,
  // deadlocked with it (seen in the fault suite's kill scenario with batches of 16). A row the
  // batch holds needs no lease: claims skip it, and its SUCCESS is on the way. A busy row is read
  // again at the next beat, so a lease lost meanwhile is still found then.
  // The last condition of the update is the heartbeat's commit (see asyncLeaseCommits below).
  // Probes the primary key only: see COMPLETE_BATCH.
  static final Sql HEARTBEAT =
      Sql.of(
          KEY_PROBES_ONLY
              + """
          with free as (
              select t.id, d.token, d.lease_ms, d.lease_cap
              from unnest(cast(:ids as uuid[]), cast(:tokens as bigint[]), cast(:lease_ms as bigint[]),
                          cast(cast(:lease_caps as text[]) as timestamptz[]))
                   as d(id, token, lease_ms, lease_cap)
              join taskrow_task t on t.id = d.id
              for update of t skip locked
          ), extended as (
              update taskrow_task t
              set locked_until = least(:now + d.lease_ms * interval '1 millisecond', d.lease_cap),
                  due_at = least(:now + d.lease_ms * interval '1 millisecond', d.lease_cap)
              from free d
              where t.id = d.id
                and t.fence_token = d.token and (t.status = 'PROCESSING') is true
                and t.locked_by is not null
                and (select case when cast(:async_commit as boolean)
                             then set_config('synchronous_commit', 'off', true) else '' end) is not null
              returning t.id, t.cancel_requested
          )
          select id, cancel_requested from extended
          union all
          select b.id, null from taskrow_task b
          where b.id = any(cast(:ids as uuid[])) and b.id not in (select id from free)
          """);

  // Graceful shutdown: hand the task back at once without consuming an attempt. The new token
  // fences off the handler if it still finishes after the release. The row goes back to the
  // place in the queue it was claimed from (its due time before the claim), not behind the
  // backlog that arrived while it ran: a deployment must not make a user wait for the whole queue.
  // A row another transaction holds is skipped, as the heartbeat skips it: a commit batch still
  // running at shutdown holds the rows it has written SUCCESS to, and a hand-back that waited for
  // them while holding rows the batch had yet to reach would deadlock with it. A skipped row is
  // either completed by its batch or, if the batch rolls back, rescued when its lease expires.
  // Probes the primary key only: see COMPLETE_BATCH.
  static final Sql RELEASE =
      Sql.of(
          KEY_PROBES_ONLY
              + """
          with free as (
              select t.id, d.token, d.queued_since
              from unnest(cast(:ids as uuid[]), cast(:tokens as bigint[]),
                          cast(cast(:queued_since as text[]) as timestamptz[])) as d(id, token, queued_since)
              join taskrow_task t on t.id = d.id
              for update of t skip locked
          )
          update taskrow_task t
          set attempt_count = greatest(t.attempt_count - 1, 0),
              fence_token = t.fence_token + 1,
              locked_by = null, locked_until = null, due_at = least(d.queued_since, :now)
          from free d
          where t.id = d.id
            and t.fence_token = d.token and (t.status = 'PROCESSING') is true
          returning t.id
          """);

  static final Sql PROGRESS =
      Sql.of(
          """
          update taskrow_task set progress_done = :done, progress_total = :total
          where id = :id and fence_token = :token and (status = 'PROCESSING') is true
          """);

  // Not running (PENDING, or waiting for a retry): cancelled at once.
  static final Sql CANCEL_IDLE =
      Sql.of(
          """
          update taskrow_task
          set status = 'FAILED', error_code = 'CANCELLED', last_error_code = 'CANCELLED',
              error_message = 'cancelled', cancel_requested = true,
              finished_at = :now, due_at = null, next_retry_at = null
          where id = :id
            and (status = 'PENDING' or (status = 'PROCESSING' and locked_until is null)) is true
          returning queue
          """);

  static final Sql REQUEST_CANCEL =
      Sql.of(
          """
          update taskrow_task set cancel_requested = true
          where id = :id and (status = 'PROCESSING') is true
          """);

  private static final Sql FIND = Sql.of("select * from taskrow_task where id = :id");

  private static final Sql FIND_BY_SUBJECT =
      Sql.of(
          """
          select * from taskrow_task where subject = :subject
          order by created_at desc, id desc
          limit :limit
          """);

  private static final Sql COUNTS =
      Sql.of(
          """
          select queue, status, count(*) as tasks from taskrow_task
          group by queue, status order by queue, status
          """);

  // Active rows only: served by the claim index, cheap however many finished rows are kept.
  private static final Sql ACTIVE_COUNTS =
      Sql.of(
          """
          select queue, status, count(*) as tasks from taskrow_task
          where status in ('PENDING', 'PROCESSING')
          group by queue, status order by queue, status
          """);

  private static final Sql OLDEST_PENDING =
      Sql.of(
          """
          select min(due_at) as oldest from taskrow_task
          where status = 'PENDING' and due_at <= :now
          """);

  private static final Sql PRUNE =
      Sql.of(
          """
          delete from taskrow_task
          where id in (
              select id from taskrow_task
              where status in ('SUCCESS', 'FAILED')
                and finished_at < :now - :age_ms * interval '1 millisecond'
              limit :limit
              for update skip locked)
          """);

  private static final String ACTIVE_SUBJECT_INDEX = "taskrow_task_active_subject_uq";

  private final Clock clock;

  /**
   * Whether the claim's and the heartbeat's commits skip the wait for the WAL flush ({@code
   * synchronous_commit = off} for their transactions only). Both write nothing but the lease: a
   * claim lost in a crash is a claim that never happened (the task is claimable again, and a
   * handler that ran on it is fenced off, because whatever it commits with its outcome needs the
   * claim to be durable first: a durable commit flushes every WAL record before its own), and a
   * lost heartbeat is a shorter lease. The setting is {@code set_config(…, true)} inside the
   * statement — {@code SET LOCAL} as an expression, an initplan run once before any row is written
   * — so it costs no round trip and ends with the statement's transaction: the connection's next
   * user (a submit, a transactional SUCCESS) commits durably. ADR 0012 has the measurements.
   */
  private final boolean asyncLeaseCommits;

  static boolean isActiveSubjectConflict(SQLException e) {
    return "23505".equals(e.getSQLState())
        && e.getMessage() != null
        && e.getMessage().contains(ACTIVE_SUBJECT_INDEX);
  }

  /** When the statements are planned afresh as the task table grows; shared with the claims. */
  private final PlanGeneration plans;

  /** {@code clock} null: the database clock, as in production. */
  TaskRepository(Clock clock, boolean asyncLeaseCommits, PlanGeneration plans) {
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

  /** {@code traceParent}: the submitter's trace context ({@link TaskTracing}), or null. */
  void insert(Connection c, UUID id, TaskKind kind, NewTask task, String traceParent)
      throws SQLException {
    update(c, INSERT, insertParams(c, id, kind, task).with("trace_parent", traceParent));
  }

  boolean insertIfNoActive(Connection c, UUID id, TaskKind kind, NewTask task, String traceParent)
      throws SQLException {
    return update(
            c,
            INSERT_IF_NO_ACTIVE,
            insertParams(c, id, kind, task).with("trace_parent", traceParent))
        == 1;
  }

  /**
   * Inserts a task already claimed by {@code worker} (see {@link SubmitTaker}); empty when its
   * queue is paused, and then nothing is inserted. Only for kinds without a concurrency limit and
   * tasks due now.
   */
  Optional<Claimed> insertTaken(
      Connection c, UUID id, TaskKind kind, NewTask task, String traceParent, String worker)
      throws SQLException {
    Params params =
        insertParams(c, id, kind, task)
            .with("trace_parent", traceParent)
            .with("worker", worker)
            .with("lease_ms", kind.lease().toMillis());
    try (PreparedStatement statement = prepare(INSERT_TAKEN, c, params);
        ResultSet rs = statement.executeQuery()) {
      if (!rs.next()) {
        return Optional.empty();
      }
      Instant claimedAt = instant(rs, "claimed_at");
      return Optional.of(new Claimed(mapTask(rs), TaskStatus.PENDING, null, claimedAt, claimedAt));
    }
  }

  private static Params insertParams(Connection c, UUID id, TaskKind kind, NewTask task)
      throws SQLException {
    // Computed before the insert, so a task whose key cannot be computed is refused with a message.
    String concurrencyKey =
        kind.concurrencyLimit() == null
            ? null
            : ConcurrencyKey.keysOf(c, List.of(kind), List.of(task))[0];
    return Sql.params()
        .with("concurrency_key", concurrencyKey)
        .with("id", id)
        .with("created_at", TaskIds.createdAt(id))
        .with("kind", kind.name())
        .with("queue", kind.queue())
        .with("subject", task.subject())
        .with("payload", task.payload())
        .with("priority", task.priority())
        .with("max_attempts", kind.maxAttempts())
        .with("delay_ms", task.delay().toMillis())
        .with("parent_id", task.parentId());
  }

  /** One statement for all; they share {@code traceParent}, submitted together by one thread. */
  void insertBatch(
      Connection c, List<UUID> ids, List<TaskKind> kinds, List<NewTask> tasks, String traceParent)
      throws SQLException {
    int n = tasks.size();
    String[] concurrencyKeys = ConcurrencyKey.keysOf(c, kinds, tasks);
    Object[] kindNames = new Object[n];
    Object[] queues = new Object[n];
    Object[] subjects = new Object[n];
    Object[] payloads = new Object[n];
    Object[] priorities = new Object[n];
    Object[] maxAttempts = new Object[n];
    Object[] delays = new Object[n];
    Object[] parents = new Object[n];
    Object[] createdAts = new Object[n];
    for (int i = 0; i < n; i++) {
      NewTask task = tasks.get(i);
      TaskKind kind = kinds.get(i);
      kindNames[i] = kind.name();
      queues[i] = kind.queue();
      subjects[i] = task.subject();
      payloads[i] = task.payload();
      priorities[i] = task.priority();
      maxAttempts[i] = kind.maxAttempts();
      delays[i] = task.delay().toMillis();
      parents[i] = task.parentId();
      // ISO 8601 text ("2026-12-02T05:20:00.123Z"), which PostgreSQL reads as a timestamptz.
      createdAts[i] = TaskIds.createdAt(ids.get(i)).toString();
    }
    update(
        c,
        INSERT_BATCH,
        Sql.params()
            .with("ids", new SqlArray("uuid", ids.toArray()))
            .with("kinds", new SqlArray("text", kindNames))
            .with("queues", new SqlArray("text", queues))
            .with("subjects", new SqlArray("text", subjects))
            .with("payloads", new SqlArray("text", payloads))
            .with("priorities", new SqlArray("int4", priorities))
            .with("max_attempts", new SqlArray("int4", maxAttempts))
            .with("delays", new SqlArray("int8", delays))
            .with("parents", new SqlArray("uuid", parents))
            .with("concurrency_keys", new SqlArray("text", concurrencyKeys))
            .with("created_ats", new SqlArray("text", createdAts))
            .with("trace_parent", traceParent));
  }

  /** The active task of a subject, and whether it is PENDING past the stale threshold. */
  record ActiveTask(UUID id, TaskStatus status, boolean stale) {
    boolean isStalePending() {
      return status == TaskStatus.PENDING && stale;
    }
  }

  Optional<ActiveTask> findActive(Connection c, TaskKind kind, String subject) throws SQLException {
    return queryActive(c, FIND_ACTIVE, activeParams(kind, subject));
  }

  Optional<ActiveTask> lockActive(Connection c, TaskKind kind, String subject, UUID id)
      throws SQLException {
    return queryActive(c, LOCK_ACTIVE, activeParams(kind, subject).with("id", id));
  }

  private static Params activeParams(TaskKind kind, String subject) {
    return Sql.params()
        .with("kind", kind.name())
        .with("subject", subject)
        .with("stale_ms", kind.staleAfter().toMillis());
  }

  private Optional<ActiveTask> queryActive(Connection c, Sql sql, Params params)
      throws SQLException {
    try (PreparedStatement statement = prepare(sql, c, params);
        ResultSet rs = statement.executeQuery()) {
      if (!rs.next()) {
        return Optional.empty();
      }
      return Optional.of(
          new ActiveTask(
              rs.getObject("id", UUID.class),
              TaskStatus.valueOf(rs.getString("status")),
              rs.getBoolean("stale")));
    }
  }

  boolean failStalePending(Connection c, UUID id, TaskKind kind) throws SQLException {
    return update(
            c,
            FAIL_STALE_PENDING,
            Sql.params().with("id", id).with("stale_ms", kind.staleAfter().toMillis()))
        == 1;
  }

  /** A claimed row, with what it was before the claim. */
  record Claimed(
      Task task,
      TaskStatus previousStatus,
      Instant previousLease,
      Instant previousDueAt,
      Instant claimedAt) {
    boolean isRescue() {
      return previousStatus == TaskStatus.PROCESSING && previousLease != null;
    }
  }

  /** What one queue asks of a claim: at most {@code limit} rows due at or after floor, if any. */
  record QueueClaim(String queue, int limit, Instant floor) {}

  /** One queue's claim: see {@link #claim(Connection, List, String[], Long[], String)}. */
  List<Claimed> claim(
      Connection c,
      String queue,
      String[] kinds,
      Long[] leaseMillis,
      String worker,
      int limit,
      Instant floor)
      throws SQLException {
    Params params =
        Sql.params()
            .with("queue", queue)
            .with("kinds", new SqlArray("text", kinds))
            .with("lease_ms", new SqlArray("int8", leaseMillis))
            .with("worker", worker)
            .with("limit", limit)
            .with("floor", floor)
            .with("async_commit", asyncLeaseCommits);
    return claimed(c, CLAIM_ONE_QUEUE, params);
  }

  /**
   * Claims for several queues in one statement, each at most its own limit.
   *
   * @param kinds the kinds that may be claimed (those without a concurrency limit), with their
   *     leases at the same index of {@code leaseMillis}
   */
  List<Claimed> claim(
      Connection c, List<QueueClaim> wanted, String[] kinds, Long[] leaseMillis, String worker)
      throws SQLException {
    if (wanted.size() == 1) {
      QueueClaim only = wanted.getFirst();
      return claim(c, only.queue(), kinds, leaseMillis, worker, only.limit(), only.floor());
    }
    Params params =
        Sql.params()
            .with("queues", new SqlArray("text", wanted.stream().map(QueueClaim::queue).toArray()))
            .with("limits", new SqlArray("int4", wanted.stream().map(QueueClaim::limit).toArray()))
            // As text: the driver's arrays do not take java.time values; ISO-8601 keeps
            // microseconds.
            .with(
                "floors",
                new SqlArray(
                    "text",
                    wanted.stream()
                        .map(w -> w.floor() == null ? null : w.floor().toString())
                        .toArray()))
            .with("kinds", new SqlArray("text", kinds))
            .with("lease_ms", new SqlArray("int8", leaseMillis))
            .with("worker", worker)
            .with("async_commit", asyncLeaseCommits);
    return claimed(c, CLAIM, params);
  }

  private List<Claimed> claimed(Connection c, Sql claim, Params params) throws SQLException {
    List<Claimed> claimed = new ArrayList<>();
    try (PreparedStatement statement = prepare(claim, c, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        String previous = rs.getString("previous_status");
        claimed.add(
            new Claimed(
                mapTask(rs),
                TaskStatus.valueOf(previous),
                instant(rs, "previous_lease"),
                instant(rs, "previous_due_at"),
                instant(rs, "claimed_at")));
      }
    }
    return claimed;
  }

  /** The claim floor of a queue now (see {@link ClaimFloor}), or null for none. */
  Instant claimFloor(
      Connection c, String queue, String[] kinds, long deadRows, java.time.Duration margin)
      throws SQLException {
    return claimFloors(c, new String[] {queue}, kinds, deadRows, margin).get(queue);
  }

  /** The claim floor of each queue now (see {@link ClaimFloor}); a null value for none. */
  Map<String, Instant> claimFloors(
      Connection c, String[] queues, String[] kinds, long deadRows, java.time.Duration margin)
      throws SQLException {
    Params params =
        Sql.params()
            .with("queues", new SqlArray("text", queues))
            .with("kinds", new SqlArray("text", kinds))
            .with("dead_rows", deadRows)
            .with("margin_ms", margin.toMillis());
    Map<String, Instant> floors = new HashMap<>();
    long pages = -1;
    try (PreparedStatement statement = prepare(CLAIM_FLOOR, c, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        floors.put(rs.getString("queue"), instant(rs, "floor"));
        pages = rs.getLong("pages"); // the same on every row: read once by the server
      }
    }
    if (pages >= 0) {
      plans.tableHas(pages);
    }
    return floors;
  }

  /** Tasks closed FAILED(LEASE_EXPIRED). */
  List<TaskEvent> expireLeases(Connection c, String... queues) throws SQLException {
    List<TaskEvent> expired = new ArrayList<>();
    try (PreparedStatement statement =
            prepare(EXPIRE_LEASES, c, Sql.params().with("queues", new SqlArray("text", queues)));
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        expired.add(
            new TaskEvent(
                rs.getObject("id", UUID.class),
                rs.getString("kind"),
                rs.getString("queue"),
                rs.getInt("attempt_count")));
      }
    }
    return expired;
  }

  boolean completeOne(Connection c, UUID id, long token, String result) throws SQLException {
    return update(
            c,
            COMPLETE_ONE,
            Sql.params().with("id", id).with("token", token).with("result", result))
        == 1;
  }

  /**
   * {@link #completeOne} in a commit batch, setting the savepoint of the batch's next task in the
   * same round trip. When it returns false the savepoint is set all the same.
   */
  boolean completeOneThenSavepoint(Connection c, UUID id, long token, String result)
      throws SQLException {
    try (PreparedStatement statement =
        prepare(
            COMPLETE_ONE_THEN_SAVEPOINT,
            c,
            Sql.params().with("id", id).with("token", token).with("result", result))) {
      statement.execute();
      return statement.getUpdateCount() == 1;
    }
  }

  /** Returns the ids that were completed; the others lost their lease. */
  List<UUID> completeBatch(Connection c, Object[] ids, Object[] tokens, Object[] results)
      throws SQLException {
    return queryIds(
        c,
        COMPLETE_BATCH,
        Sql.params()
            .with("ids", new SqlArray("uuid", ids))
            .with("outcomes", new SqlJson(outcomesById(ids, tokens, results))));
  }

  /**
   * {@code {"<id>": [token, "<result as JSON text>"], ...}}: the result goes in as a JSON string,
   * never spliced in as JSON, so no handler's text can reach another task's entry. A task without a
   * result has no second element, which reads as SQL null.
   */
  static String outcomesById(Object[] ids, Object[] tokens, Object[] results) {
    StringBuilder json = new StringBuilder(ids.length * 64).append('{');
    for (int i = 0; i < ids.length; i++) {
      if (i > 0) {
        json.append(',');
      }
      json.append('"').append(ids[i]).append("\":[").append(tokens[i]);
      if (results[i] != null) {
        JsonText.appendString(json.append(','), (String) results[i]);
      }
      json.append(']');
    }
    return json.append('}').toString();
  }

  boolean fail(Connection c, UUID id, long token, String code, String message) throws SQLException {
    return update(
            c,
            FAIL,
            Sql.params()
                .with("id", id)
                .with("token", token)
                .with("code", code)
                .with("message", message))
        == 1;
  }

  /** The status after scheduling: PROCESSING (waiting), FAILED (cancelled meanwhile), or empty. */
  Optional<TaskStatus> scheduleRetry(
      Connection c, UUID id, long token, String code, String message, long delayMillis)
      throws SQLException {
    Params params =
        Sql.params()
            .with("id", id)
            .with("token", token)
            .with("code", code)
            .with("message", message)
            .with("delay_ms", delayMillis);
    return queryStatus(c, SCHEDULE_RETRY, params);
  }

  private Optional<TaskStatus> queryStatus(Connection c, Sql sql, Params params)
      throws SQLException {
    try (PreparedStatement statement = prepare(sql, c, params);
        ResultSet rs = statement.executeQuery()) {
      return rs.next() ? Optional.of(TaskStatus.valueOf(rs.getString(1))) : Optional.empty();
    }
  }

  /** The status after snoozing: PROCESSING (waiting), FAILED (cancelled meanwhile), or empty. */
  Optional<TaskStatus> snooze(Connection c, UUID id, long token, long delayMillis)
      throws SQLException {
    return queryStatus(
        c, SNOOZE, Sql.params().with("id", id).with("token", token).with("delay_ms", delayMillis));
  }

  /**
   * What a heartbeat found: for each task still owned, whether a cancel was requested; and the
   * tasks whose rows another transaction held (a commit batch writing them), neither extended nor
   * lost. A task in neither lost its lease.
   */
  record LeaseBeat(Map<UUID, Boolean> owned, Set<UUID> busy) {}

  /**
   * Extends leases, each at most to its cap (ISO-8601 text, null for none: see {@link
   * RunningTask#leaseCap()}), skipping rows another transaction holds.
   */
  LeaseBeat heartbeat(
      Connection c, Object[] ids, Object[] tokens, Object[] leaseMillis, Object[] leaseCaps)
      throws SQLException {
    Params params =
        Sql.params()
            .with("ids", new SqlArray("uuid", ids))
            .with("tokens", new SqlArray("int8", tokens))
            .with("lease_ms", new SqlArray("int8", leaseMillis))
            .with("lease_caps", new SqlArray("text", leaseCaps))
            .with("async_commit", asyncLeaseCommits);
    Map<UUID, Boolean> owned = new HashMap<>();
    Set<UUID> busy = new HashSet<>();
    try (PreparedStatement statement = prepare(HEARTBEAT, c, params);
        ResultSet rs = rowsOf(statement)) {
      while (rs.next()) {
        UUID id = rs.getObject(1, UUID.class);
        boolean cancel = rs.getBoolean(2);
        if (rs.wasNull()) {
          busy.add(id);
        } else {
          owned.put(id, cancel);
        }
      }
    }
    return new LeaseBeat(owned, busy);
  }

  List<UUID> release(Connection c, Object[] ids, Object[] tokens, Object[] queuedSince)
      throws SQLException {
    return queryIds(
        c,
        RELEASE,
        Sql.params()
            .with("ids", new SqlArray("uuid", ids))
            .with("tokens", new SqlArray("int8", tokens))
            .with("queued_since", new SqlArray("text", queuedSince)));
  }

  boolean progress(Connection c, UUID id, long token, long done, long total) throws SQLException {
    return update(
            c,
            PROGRESS,
            Sql.params()
                .with("id", id)
                .with("token", token)
                .with("done", done)
                .with("total", total))
        == 1;
  }

  /** Cancels a task that is not running; returns its queue, or empty if it was running or final. */
  Optional<String> cancelIdle(Connection c, UUID id) throws SQLException {
    try (PreparedStatement statement = prepare(CANCEL_IDLE, c, Sql.params().with("id", id));
        ResultSet rs = statement.executeQuery()) {
      return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
    }
  }

  boolean requestCancel(Connection c, UUID id) throws SQLException {
    return update(c, REQUEST_CANCEL, Sql.params().with("id", id)) == 1;
  }

  Optional<Task> find(Connection c, UUID id) throws SQLException {
    List<Task> tasks = queryTasks(c, FIND, Sql.params().with("id", id));
    return tasks.stream().findFirst();
  }

  List<Task> findBySubject(Connection c, String subject, int limit) throws SQLException {
    return queryTasks(
        c, FIND_BY_SUBJECT, Sql.params().with("subject", subject).with("limit", limit));
  }

  /** Counts by queue and status: {@code queue -> status -> count}. */
  Map<String, Map<TaskStatus, Long>> counts(Connection c) throws SQLException {
    return countsOf(c, COUNTS);
  }

  Map<String, Map<TaskStatus, Long>> activeCounts(Connection c) throws SQLException {
    return countsOf(c, ACTIVE_COUNTS);
  }

  private Map<String, Map<TaskStatus, Long>> countsOf(Connection c, Sql sql) throws SQLException {
    Map<String, Map<TaskStatus, Long>> counts = new HashMap<>();
    try (PreparedStatement statement = prepare(sql, c, Sql.params());
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        counts
            .computeIfAbsent(rs.getString("queue"), q -> new java.util.EnumMap<>(TaskStatus.class))
            .put(TaskStatus.valueOf(rs.getString("status")), rs.getLong("tasks"));
      }
    }
    return counts;
  }

  Optional<Instant> oldestDuePending(Connection c) throws SQLException {
    try (PreparedStatement statement = prepare(OLDEST_PENDING, c, Sql.params());
        ResultSet rs = statement.executeQuery()) {
      rs.next();
      return Optional.ofNullable(instant(rs, "oldest"));
    }
  }

  int prune(Connection c, long ageMillis, int limit) throws SQLException {
    return update(c, PRUNE, Sql.params().with("age_ms", ageMillis).with("limit", limit));
  }

  private int update(Connection c, Sql sql, Params params) throws SQLException {
    try (PreparedStatement statement = prepare(sql, c, params)) {
      return statement.executeUpdate();
    }
  }

  private List<UUID> queryIds(Connection c, Sql sql, Params params) throws SQLException {
    List<UUID> ids = new ArrayList<>();
    try (PreparedStatement statement = prepare(sql, c, params);
        ResultSet rs = rowsOf(statement)) {
      while (rs.next()) {
        ids.add(rs.getObject(1, UUID.class));
      }
    }
    return ids;
  }

  /**
   * Runs the statement and returns its rows: those of its last part when it has several (the SET
   * LOCALs of {@link #KEY_PROBES_ONLY} return none).
   */
  private static ResultSet rowsOf(PreparedStatement statement) throws SQLException {
    boolean rows = statement.execute();
    while (!rows) {
      if (statement.getUpdateCount() == -1) {
        throw new SQLException("the statement returned no rows");
      }
      rows = statement.getMoreResults();
    }
    return statement.getResultSet();
  }

  private List<Task> queryTasks(Connection c, Sql sql, Params params) throws SQLException {
    List<Task> tasks = new ArrayList<>();
    try (PreparedStatement statement = prepare(sql, c, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        tasks.add(mapTask(rs));
      }
    }
    return tasks;
  }

  // transport_ref is not read: nothing writes it; it is reserved for a broker transport (see Task).
  static Task mapTask(ResultSet rs) throws SQLException {
    return new Task(
        rs.getObject("id", UUID.class),
        rs.getString("kind"),
        rs.getString("queue"),
        rs.getString("subject"),
        rs.getString("payload"),
        TaskStatus.valueOf(rs.getString("status")),
        rs.getInt("priority"),
        rs.getString("error_code"),
        rs.getString("error_message"),
        rs.getInt("attempt_count"),
        rs.getInt("max_attempts"),
        rs.getInt("snooze_count"),
        rs.getString("last_error_code"),
        instant(rs, "last_attempt_at"),
        instant(rs, "due_at"),
        instant(rs, "next_retry_at"),
        rs.getString("locked_by"),
        instant(rs, "locked_until"),
        rs.getLong("fence_token"),
        (Long) rs.getObject("progress_done"),
        (Long) rs.getObject("progress_total"),
        rs.getBoolean("cancel_requested"),
        rs.getString("result"),
        rs.getObject("parent_id", UUID.class),
        instant(rs, "created_at"),
        instant(rs, "started_at"),
        instant(rs, "finished_at"),
        rs.getString("trace_parent"));
  }

  /** A timestamptz column as an instant, or null. */
  static Instant instant(ResultSet rs, String column) throws SQLException {
    Timestamp timestamp = rs.getTimestamp(column);
    return timestamp == null ? null : timestamp.toInstant();
  }
}
