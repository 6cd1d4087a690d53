package dev.taskrow.core;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an operator does with the task table: search it, read a task with its chain, cancel, re-run
 * a FAILED task, act on many tasks by filter after a dry run, pause and resume queues, and read
 * counts and failure groups. A dashboard or an API sits on it.
 *
 * <p>Every action writes an audit row ({@code taskrow_admin_audit}: who, what, which tasks, queue
 * or filter, how many rows) in the action's own transaction: no action without its audit, no audit
 * of an action that rolled back. A refusal ({@link AdminRefusal}) changes nothing and writes
 * nothing.
 *
 * <pre>{@code
 * TaskAdmin admin = TaskAdmin.of(taskrow);
 * TaskFilter timeouts = TaskFilter.any().withStatus(TaskStatus.FAILED).withErrorCode("ISSUER_TIMEOUT");
 * BulkPreview preview = admin.previewRerun(timeouts);          // "37 tasks"
 * admin.rerunAll("account:17", timeouts, preview.count());      // acts on at most 37
 * }</pre>
 */
public final class TaskAdmin {
  private static final Logger log = LoggerFactory.getLogger(TaskAdmin.class);

  /** The largest page of a search. */
  public static final int MAX_PAGE = 500;

  /** The most tasks one bulk action takes: its rows stay locked until it commits. */
  public static final int BULK_LIMIT = 10_000;

  /** The most children and re-runs a detail lists. */
  public static final int CHAIN_LIMIT = 100;

  /** The most audit entries a detail lists. */
  public static final int AUDIT_LIMIT = 50;

  private final Taskrow taskrow;
  private final TaskAdminRepository tasks;
  private final AdminAuditRepository audit;
  private final PausedQueueRepository pausedQueues;

  private TaskAdmin(Taskrow taskrow) {
    this.taskrow = taskrow;
    this.tasks = new TaskAdminRepository(taskrow.clock());
    this.audit = new AdminAuditRepository(taskrow.clock());
    this.pausedQueues = new PausedQueueRepository(taskrow.clock());
  }

  public static TaskAdmin of(Taskrow taskrow) {
    return new TaskAdmin(taskrow);
  }

  /**
   * One page of the tasks that match, newest first (by created_at, then id).
   *
   * @param cursor null for the first page, else the previous page's {@link TaskPage#nextCursor}
   * @param limit 1..{@link #MAX_PAGE}
   */
  public TaskPage search(TaskFilter filter, String cursor, int limit) throws SQLException {
    if (limit < 1 || limit > MAX_PAGE) {
      throw AdminRefusal.invalidFilter("limit: " + limit + " is not within 1.." + MAX_PAGE);
    }
    TaskCursor after = cursor == null || cursor.isEmpty() ? null : TaskCursor.decode(cursor);
    List<Task> found;
    try (Connection c = dataSource().getConnection()) {
      found = tasks.search(c, filter, after, limit + 1);
    }
    if (found.size() <= limit) {
      return new TaskPage(found, null);
    }
    List<Task> page = found.subList(0, limit);
    return new TaskPage(page, TaskCursor.after(page.getLast()).encode());
  }

  /** A task with its parent, children, re-run links and audit; empty if there is no such task. */
  public Optional<TaskDetail> detail(UUID id) throws SQLException {
    try (Connection c = dataSource().getConnection()) {
      Optional<TaskAdminRepository.Row> found = tasks.find(c, id);
      if (found.isEmpty()) {
        return Optional.empty();
      }
      Task task = found.get().task();
      UUID rerunOf = found.get().rerunOf();
      return Optional.of(
          new TaskDetail(
              task,
              rerunOf,
              task.parentId() == null
                  ? null
                  : tasks.find(c, task.parentId()).map(r -> r.task()).orElse(null),
              tasks.children(c, id, CHAIN_LIMIT),
              rerunOf == null ? null : tasks.find(c, rerunOf).map(r -> r.task()).orElse(null),
              tasks.reruns(c, id, CHAIN_LIMIT),
              audit.forTask(c, id, AUDIT_LIMIT)));
    }
  }

  /**
   * Cancels one task ({@link Taskrow#cancel}) and audits it, also when it had finished already.
   *
   * @throws AdminRefusal TASK_NOT_FOUND
   */
  public CancelOutcome cancel(String actor, UUID id) throws SQLException {
    requireActor(actor);
    return taskrow.inTransaction(
        tx -> {
          CancelOutcome outcome = taskrow.cancel(tx, id);
          if (outcome == CancelOutcome.NOT_FOUND) {
            throw taskNotFound(id);
          }
          int affected = outcome == CancelOutcome.ALREADY_FINAL ? 0 : 1;
          audit.write(
              tx.connection(), actor, "CANCEL", List.of(id), null, null, affected, outcome.name());
          return outcome;
        });
  }

  /**
   * Re-runs a FAILED task: a new PENDING row of the same kind, subject, payload, priority and
   * parent, naming the failed one ({@code rerun_of}); the failed row stays as it is, final. The new
   * row takes the kind's current settings (queue, attempts).
   *
   * @throws AdminRefusal TASK_NOT_FOUND; TASK_NOT_FAILED; TASK_SUPERSEDED when it was re-run
   *     already or a newer task exists for its subject; KIND_NOT_REGISTERED when this process does
   *     not know its kind
   */
  public RerunResult rerun(String actor, UUID failedId) throws SQLException {
    requireActor(actor);
    return taskrow.inTransaction(
        tx -> {
          Connection c = tx.connection();
          Task failed = tasks.lock(c, failedId).orElseThrow(() -> taskNotFound(failedId)).task();
          if (failed.status() != TaskStatus.FAILED) {
            throw new AdminRefusal(
                AdminRefusal.Code.TASK_NOT_FAILED,
                "task " + failedId + " is " + failed.status() + "; only a FAILED task is re-run");
          }
          requireRegisteredKind(failed);
          Optional<UUID> newer = tasks.supersededBy(c, failed);
          if (newer.isPresent()) {
            throw superseded(failed, newer.get());
          }
          UUID newId = submitRerun(tx, failed);
          tasks.linkReruns(c, List.of(newId), List.of(failedId));
          long auditId =
              audit.write(c, actor, "RERUN", List.of(failedId), null, null, 1, "new task " + newId);
          return new RerunResult(failedId, newId, auditId);
        });
  }

  /** How many tasks {@link #cancelAll} would act on now: the active ones that match. */
  public BulkPreview previewCancel(TaskFilter filter) throws SQLException {
    return preview(cancelPart(filter), filter);
  }

  /** How many tasks {@link #rerunAll} would re-run now: the FAILED ones {@link #rerun} takes. */
  public BulkPreview previewRerun(TaskFilter filter) throws SQLException {
    return preview(rerunPart(filter), filter);
  }

  /**
   * Cancels every active task that matches, as {@link #cancel} does each: the idle ones at once,
   * the running ones asked to stop. One audit row names them all.
   *
   * @param expectedCount what the dry run showed: refused if more match now
   * @throws AdminRefusal BULK_COUNT_MISMATCH when more than {@code expectedCount} match now;
   *     INVALID_FILTER for a final status or an expected count outside 0..{@link #BULK_LIMIT}
   */
  public BulkResult cancelAll(String actor, TaskFilter filter, int expectedCount)
      throws SQLException {
    requireActor(actor);
    requireExpectedCount(expectedCount);
    String part = cancelPart(filter);
    return taskrow.inTransaction(
        tx -> {
          Connection c = tx.connection();
          List<UUID> ids = lockExpected(c, part, filter, expectedCount);
          Map<UUID, String> cancelled = ids.isEmpty() ? Map.of() : tasks.cancelIdle(c, ids);
          List<UUID> requested = ids.isEmpty() ? List.of() : tasks.requestCancel(c, ids);
          List<UUID> affected = new ArrayList<>(cancelled.keySet());
          affected.addAll(requested);
          long auditId =
              audit.write(
                  c,
                  actor,
                  "BULK_CANCEL",
                  affected,
                  null,
                  filter.toJson(),
                  affected.size(),
                  cancelled.size() + " cancelled, " + requested.size() + " asked to stop");
          List<TaskChange> changes = new ArrayList<>();
          cancelled.forEach(
              (id, queue) -> changes.add(new TaskChange(id, queue, TaskStatus.FAILED)));
          taskrow.announceChanges(tx, changes);
          return new BulkResult(
              affected.size(), cancelled.size(), requested.size(), List.of(), auditId);
        });
  }

  /**
   * Re-runs every FAILED task that matches and {@link #rerun} would take, as it does each. One
   * audit row names the failed tasks.
   *
   * @param expectedCount what the dry run showed: refused if more match now
   * @throws AdminRefusal BULK_COUNT_MISMATCH when more than {@code expectedCount} match now;
   *     INVALID_FILTER for a status other than FAILED or an expected count outside 0..{@link
   *     #BULK_LIMIT}; TASK_SUPERSEDED when a task for one of the subjects was submitted meanwhile
   */
  public BulkResult rerunAll(String actor, TaskFilter filter, int expectedCount)
      throws SQLException {
    requireActor(actor);
    requireExpectedCount(expectedCount);
    String part = rerunPart(filter);
    return taskrow.inTransaction(
        tx -> {
          Connection c = tx.connection();
          List<UUID> locked = lockExpected(c, part, filter, expectedCount);
          List<Task> failed =
              locked.isEmpty() ? List.of() : tasks.stillRerunnable(c, locked, knownKinds());
          List<UUID> failedIds = failed.stream().map(Task::id).toList();
          List<UUID> newIds = new ArrayList<>();
          for (Task task : failed) {
            newIds.add(submitRerun(tx, task));
          }
          if (!newIds.isEmpty()) {
            tasks.linkReruns(c, newIds, failedIds);
          }
          long auditId =
              audit.write(
                  c,
                  actor,
                  "BULK_RERUN",
                  failedIds,
                  null,
                  filter.toJson(),
                  failedIds.size(),
                  failedIds.size() + " re-run");
          return new BulkResult(failedIds.size(), 0, 0, newIds, auditId);
        });
  }

  /**
   * Pauses a queue ({@link Taskrow#pause}) and audits it.
   *
   * @return true if this call paused it, false if it was paused already
   * @throws AdminRefusal QUEUE_NOT_FOUND when no registered kind uses it
   */
  public boolean pause(String actor, String queue) throws SQLException {
    requireActor(actor);
    requireKnownQueue(queue);
    boolean paused =
        taskrow.inTransaction(
            tx -> {
              boolean changed = pausedQueues.pause(tx.connection(), queue);
              audit.write(
                  tx.connection(),
                  actor,
                  "PAUSE",
                  List.of(),
                  queue,
                  null,
                  changed ? 1 : 0,
                  changed ? "paused" : "was paused already");
              return changed;
            });
    if (paused) {
      log.info("queue {} paused by {}", queue, actor);
    }
    return paused;
  }

  /**
   * Resumes a queue ({@link Taskrow#resume}) and audits it; its workers are woken after the commit.
   *
   * @return true if it was paused
   * @throws AdminRefusal QUEUE_NOT_FOUND when no registered kind uses it
   */
  public boolean resume(String actor, String queue) throws SQLException {
    requireActor(actor);
    requireKnownQueue(queue);
    boolean resumed =
        taskrow.inTransaction(
            tx -> {
              boolean changed = pausedQueues.resume(tx.connection(), queue);
              audit.write(
                  tx.connection(),
                  actor,
                  "RESUME",
                  List.of(),
                  queue,
                  null,
                  changed ? 1 : 0,
                  changed ? "resumed" : "was running already");
              if (changed) {
                tx.afterCommit(() -> taskrow.signals().queueHasWork(queue));
              }
              return changed;
            });
    if (resumed) {
      log.info("queue {} resumed by {}", queue, actor);
    }
    return resumed;
  }

  /**
   * Every queue of the registered kinds, and any other that has active rows or is paused, sorted by
   * name: its active counts now and its finished counts of the tasks created since {@code since}.
   */
  public List<QueueCounts> queueCounts(Instant since) throws SQLException {
    try (Connection c = dataSource().getConnection()) {
      Map<String, long[]> active = tasks.activeCounts(c);
      Map<String, long[]> finished = tasks.finishedCounts(c, since);
      Set<String> paused = pausedQueues.paused(c);
      Set<String> queues = new TreeSet<>(taskrow.queues());
      queues.addAll(active.keySet());
      queues.addAll(finished.keySet());
      queues.addAll(paused);
      List<QueueCounts> counts = new ArrayList<>();
      for (String queue : queues) {
        long[] a = active.getOrDefault(queue, new long[3]);
        long[] f = finished.getOrDefault(queue, new long[2]);
        counts.add(new QueueCounts(queue, a[0], a[1], a[2], f[0], f[1], paused.contains(queue)));
      }
      return counts;
    }
  }

  /**
   * FAILED tasks created since {@code since}, grouped by kind, queue and error code, the largest
   * group first, each with its newest task and message.
   *
   * @param limit the most groups, 1..{@link #MAX_PAGE}
   */
  public List<FailureGroup> failureGroups(Instant since, int limit) throws SQLException {
    if (limit < 1 || limit > MAX_PAGE) {
      throw AdminRefusal.invalidFilter("limit: " + limit + " is not within 1.." + MAX_PAGE);
    }
    // Fold the deltas first (skipped if another instance is folding them), so the read adds few.
    // The read counts the deltas too: a fold that fails (a read-only standby, a statement timeout)
    // only makes it slower, never wrong, so it does not fail the read.
    try {
      taskrow.compactFailureCounts();
    } catch (SQLException e) {
      log.warn("folding failure counts before reading them failed: {}", e.toString());
    }
    try (Connection c = dataSource().getConnection()) {
      return tasks.failureGroups(c, since, limit);
    }
  }

  /** The newest audit entries, before entry {@code beforeId} when it is not null. */
  public List<AuditEntry> audit(Long beforeId, int limit) throws SQLException {
    if (limit < 1 || limit > MAX_PAGE) {
      throw AdminRefusal.invalidFilter("limit: " + limit + " is not within 1.." + MAX_PAGE);
    }
    try (Connection c = dataSource().getConnection()) {
      return audit.recent(c, beforeId, limit);
    }
  }

  private BulkPreview preview(String part, TaskFilter filter) throws SQLException {
    try (Connection c = dataSource().getConnection()) {
      int count = tasks.count(c, part, filter, knownKinds(), BULK_LIMIT + 1);
      return new BulkPreview(count, count > BULK_LIMIT, BULK_LIMIT);
    }
  }

  /** Locks what matches; refuses, changing nothing, when it is more than the caller saw. */
  private List<UUID> lockExpected(Connection c, String part, TaskFilter filter, int expected)
      throws SQLException {
    List<UUID> ids = tasks.lockMatching(c, part, filter, knownKinds(), expected + 1);
    if (ids.size() > expected) {
      int now = tasks.count(c, part, filter, knownKinds(), BULK_LIMIT + 1);
      throw new AdminRefusal(
          AdminRefusal.Code.BULK_COUNT_MISMATCH,
          (now > BULK_LIMIT ? "more than " + BULK_LIMIT : String.valueOf(now))
              + " tasks match now, more than the "
              + expected
              + " expected; run the dry run again");
    }
    return ids;
  }

  private UUID submitRerun(Tx tx, Task failed) throws SQLException {
    NewTask rerun =
        NewTask.of(failed.kind())
            .subject(failed.subject())
            .payload(failed.payload())
            .priority(failed.priority())
            .parent(failed.parentId());
    try {
      return taskrow.submit(tx, rerun);
    } catch (ActiveTaskExistsException e) {
      throw new AdminRefusal(
          AdminRefusal.Code.TASK_SUPERSEDED,
          "an active "
              + failed.kind()
              + " task for "
              + failed.subject()
              + " was submitted meanwhile; task "
              + failed.id()
              + " is not re-run");
    }
  }

  private static String cancelPart(TaskFilter filter) {
    if (filter.status() != null && filter.status().isFinal()) {
      throw AdminRefusal.invalidFilter(
          "status: a cancel takes PENDING or PROCESSING tasks, not " + filter.status());
    }
    if (filter.errorCode() != null
        || filter.finishedFrom() != null
        || filter.finishedTo() != null) {
      throw AdminRefusal.invalidFilter(
          "error_code and finished times match finished tasks only; a cancel takes active ones");
    }
    return TaskFilterSql.ACTIVE
        + (filter.status() == null ? "" : " and t.status = '" + filter.status().name() + "'");
  }

  private static String rerunPart(TaskFilter filter) {
    if (filter.status() != null && filter.status() != TaskStatus.FAILED) {
      throw AdminRefusal.invalidFilter(
          "status: a re-run takes FAILED tasks, not " + filter.status());
    }
    return TaskFilterSql.FINISHED + " and t.status = 'FAILED'" + TaskAdminRepository.RERUNNABLE;
  }

  private String[] knownKinds() {
    return taskrow.kinds().stream().map(TaskKind::name).sorted().toArray(String[]::new);
  }

  private void requireRegisteredKind(Task task) {
    if (taskrow.kinds().stream().noneMatch(kind -> kind.name().equals(task.kind()))) {
      throw new AdminRefusal(
          AdminRefusal.Code.KIND_NOT_REGISTERED,
          "task "
              + task.id()
              + " is of kind "
              + task.kind()
              + ", which this process does not register; re-run it where the kind is");
    }
  }

  private void requireKnownQueue(String queue) {
    if (!taskrow.queues().contains(queue)) {
      throw new AdminRefusal(
          AdminRefusal.Code.QUEUE_NOT_FOUND,
          "unknown queue: " + queue + "; queues of the registered kinds: " + taskrow.queues());
    }
  }

  private static void requireExpectedCount(int expectedCount) {
    if (expectedCount < 0 || expectedCount > BULK_LIMIT) {
      throw AdminRefusal.invalidFilter(
          "expected_count: " + expectedCount + " is not within 0.." + BULK_LIMIT);
    }
  }

  private static void requireActor(String actor) {
    if (actor == null || actor.isBlank() || actor.length() > 200) {
      throw new IllegalArgumentException("an admin action needs its actor (1-200 characters)");
    }
  }

  private static AdminRefusal taskNotFound(UUID id) {
    return new AdminRefusal(AdminRefusal.Code.TASK_NOT_FOUND, "no task " + id);
  }

  private static AdminRefusal superseded(Task failed, UUID newer) {
    return new AdminRefusal(
        AdminRefusal.Code.TASK_SUPERSEDED,
        "task " + failed.id() + " was re-run already or its subject has a newer task: " + newer);
  }

  private DataSource dataSource() {
    return taskrow.dataSource();
  }
}
