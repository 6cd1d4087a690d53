package dev.taskrow.core;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's entry point: submit tasks, look them up, cancel them, and build workers.
 *
 * <pre>{@code
 * Taskrow taskrow = Taskrow.builder(dataSource)
 *     .kind(TaskKind.named("registry.issue").queue("issuance").maxAttempts(5).build())
 *     .build();
 * taskrow.inTransaction(tx -> taskrow.submitOrReuse(tx, NewTask.of("registry.issue").subject("nest:42")));
 * Worker worker = taskrow.worker().queue("issuance", 4).handler("registry.issue", handler).start();
 * }</pre>
 */
public final class Taskrow {
  private static final Logger log = LoggerFactory.getLogger(Taskrow.class);
  private final DataSource dataSource;
  private final Map<String, TaskKind> kinds;
  private final Signals signals;
  private final TaskListeners listeners;
  private final Clock clock;
  private final TaskIds ids;
  private final TransactionRunner transactions;
  // The engine's own bookkeeping (claims, heartbeats, outcomes, progress) never joins a caller's
  // or a handler's transaction: progress must be visible while the handler's work is still open.
  private final TransactionRunner engineTransactions;
  private final TaskRepository repository;
  // When the statements on the task table are planned afresh as it grows (PlanGeneration).
  private final PlanGeneration plans = new PlanGeneration();
  private final LimitedClaimRepository limitedClaims;
  private final PausedQueueRepository pausedQueues;
  private final FailureCountRepository failureCounts;
  private final WorkerRepository workers;
  private final ScheduleRepository schedules;
  private final boolean taskChangeSignals;
  private final AttemptTracing tracing;
  // The workers of this process that take its submits into a free slot (SubmitTaker).
  private final List<SubmitTaker> submitTakers = new CopyOnWriteArrayList<>();

  private Taskrow(Builder builder) {
    this.dataSource = builder.dataSource;
    this.kinds = Map.copyOf(builder.kinds);
    this.signals = builder.signals;
    this.listeners = new TaskListeners(builder.listeners);
    this.clock = builder.clock;
    this.ids = new TaskIds(builder.clock);
    this.transactions =
        builder.transactions != null
            ? builder.transactions
            : new JdbcTransactionRunner(builder.dataSource);
    this.engineTransactions = new JdbcTransactionRunner(builder.dataSource);
    this.repository = new TaskRepository(builder.clock, builder.asyncLeaseCommits, plans);
    this.limitedClaims =
        new LimitedClaimRepository(builder.clock, builder.asyncLeaseCommits, plans);
    this.pausedQueues = new PausedQueueRepository(builder.clock);
    this.failureCounts = new FailureCountRepository(builder.clock);
    this.workers = new WorkerRepository(builder.clock);
    this.schedules = new ScheduleRepository(builder.clock);
    this.taskChangeSignals = builder.taskChangeSignals;
    this.tracing = new AttemptTracing(builder.tracing);
  }

  public static Builder builder(DataSource dataSource) {
    return new Builder(dataSource);
  }

  /** A registered kind. */
  public TaskKind kind(String name) {
    TaskKind kind = kinds.get(name);
    if (kind == null) {
      throw new IllegalArgumentException(
          "unknown task kind: " + name + "; known: " + kinds.keySet());
    }
    return kind;
  }

  public Collection<TaskKind> kinds() {
    return kinds.values();
  }

  /** The queues of the registered kinds, sorted by name. */
  public Set<String> queues() {
    Set<String> queues = new TreeSet<>();
    kinds.values().forEach(kind -> queues.add(kind.queue()));
    return queues;
  }

  /** Runs {@code work} in a new transaction; signals go out after it commits. */
  public <T> T inTransaction(TransactionRunner.TxWork<T> work) throws SQLException {
    return transactions.inTransaction(work);
  }

  /**
   * Inserts the task in the caller's transaction and returns its id. Nothing is announced before
   * the row commits: the queue is signalled on commit.
   */
  public UUID submit(Tx tx, NewTask task) throws SQLException {
    TaskKind kind = kind(task.kind());
    UUID id = ids.next();
    submit(tx, id, kind, task);
    return id;
  }

  private void submit(Tx tx, UUID id, TaskKind kind, NewTask task) throws SQLException {
    try {
      repository.insert(tx.connection(), id, kind, task, tracing.currentContext());
    } catch (SQLException e) {
      throw refusedIfActive(e, kind, task);
    }
    announceWork(tx, List.of(kind), List.of(task));
  }

  /**
   * Submits in a transaction of its own. When a worker of this process runs the task's kind and has
   * a slot free with nothing waiting before it, the row is inserted already claimed by that worker
   * and its handler starts as this returns: one commit, no signal, no claim ({@link
   * Worker.Builder#takesOwnSubmits}).
   *
   * <p>Either way the insert is a single statement on an autocommit connection from the engine's
   * data source: it commits by itself, one round trip where a transaction takes two (the insert,
   * then COMMIT), and the signals go out once it has returned.
   */
  public UUID submit(NewTask task) throws SQLException {
    TaskKind kind = kind(task.kind());
    UUID id = ids.next();
    SubmitTaker.Reservation slot = reserveLocalSlot(kind, task);
    if (slot == null) {
      return submitInOwnStatement(id, kind, task);
    }
    Optional<TaskRepository.Claimed> taken;
    try {
      taken = inEngineStatement(c -> insertTaken(c, id, kind, task, slot));
    } catch (SQLException | RuntimeException | Error e) {
      slot.release();
      throw e;
    }
    if (taken.isPresent()) {
      slot.taken(taken.get());
      return id;
    }
    slot.release();
    // Its queue is paused, so nothing was inserted: it waits in the table like any other.
    return submitInOwnStatement(id, kind, task);
  }

  private UUID submitInOwnStatement(UUID id, TaskKind kind, NewTask task) throws SQLException {
    StatementTx tx =
        inEngineStatement(
            c -> {
              StatementTx statement = new StatementTx(c);
              submit(statement, id, kind, task);
              return statement;
            });
    tx.committed();
    return id;
  }

  private SubmitTaker.Reservation reserveLocalSlot(TaskKind kind, NewTask task) {
    for (SubmitTaker taker : submitTakers) {
      SubmitTaker.Reservation slot = taker.reserve(kind, task);
      if (slot != null) {
        return slot;
      }
    }
    return null;
  }

  private Optional<TaskRepository.Claimed> insertTaken(
      Connection c, UUID id, TaskKind kind, NewTask task, SubmitTaker.Reservation slot)
      throws SQLException {
    try {
      return repository.insertTaken(c, id, kind, task, tracing.currentContext(), slot.workerId());
    } catch (SQLException e) {
      throw refusedIfActive(e, kind, task);
    }
  }

  /**
   * An insert's error: {@link ActiveTaskExistsException} (thrown) when the subject already has an
   * active task of the kind, else the error itself, for the caller to throw.
   */
  private static SQLException refusedIfActive(SQLException e, TaskKind kind, NewTask task) {
    if (TaskRepository.isActiveSubjectConflict(e)) {
      throw new ActiveTaskExistsException(kind.name(), task.subject(), e);
    }
    return e;
  }

  void addSubmitTaker(SubmitTaker taker) {
    submitTakers.add(taker);
  }

  void removeSubmitTaker(SubmitTaker taker) {
    submitTakers.remove(taker);
  }

  /** Inserts many tasks with one statement, in the caller's transaction. */
  public List<UUID> submitAll(Tx tx, List<NewTask> tasks) throws SQLException {
    List<UUID> newIds = new ArrayList<>(tasks.size());
    List<TaskKind> taskKinds = new ArrayList<>(tasks.size());
    for (NewTask task : tasks) {
      newIds.add(ids.next());
      taskKinds.add(kind(task.kind()));
    }
    if (!tasks.isEmpty()) {
      repository.insertBatch(tx.connection(), newIds, taskKinds, tasks, tracing.currentContext());
      announceWork(tx, taskKinds, tasks);
    }
    return newIds;
  }

  /**
   * Returns the active task of the task's (kind, subject), or creates one: one user request, one
   * row, however many times and however concurrently it is submitted. Seed 000's rules:
   *
   * <ul>
   *   <li>PROCESSING: reused (it may be waiting for a retry).
   *   <li>PENDING younger than the kind's stale threshold: reused.
   *   <li>PENDING older: re-read under a row lock; still PENDING and stale, it is closed
   *       FAILED(STALE_PENDING) and a new row is created; turned PROCESSING or (clock skew between
   *       requests) no longer stale, it is reused.
   *   <li>none: a new row.
   * </ul>
   *
   * Runs in the caller's transaction (READ COMMITTED). The partial unique index over active rows
   * settles races: a concurrent insert for the same subject waits, inserts nothing, and the loop
   * reads the winner.
   */
  public Submission submitOrReuse(Tx tx, NewTask task) throws SQLException {
    if (task.subject() == null) {
      throw new IllegalArgumentException("submitOrReuse needs a subject");
    }
    TaskKind kind = kind(task.kind());
    Connection c = tx.connection();
    UUID replaced = null;
    // Each pass either returns or observes a change made by a committed competitor.
    for (int pass = 0; pass < 100; pass++) {
      Optional<TaskRepository.ActiveTask> active = repository.findActive(c, kind, task.subject());
      if (active.isEmpty()) {
        UUID id = ids.next();
        if (repository.insertIfNoActive(c, id, kind, task, tracing.currentContext())) {
          announceWork(tx, List.of(kind), List.of(task));
          return new Submission(id, TaskStatus.PENDING, false, replaced);
        }
        continue;
      }
      TaskRepository.ActiveTask found = active.get();
      if (!found.isStalePending()) {
        return new Submission(found.id(), found.status(), true, replaced);
      }
      Optional<TaskRepository.ActiveTask> locked =
          repository.lockActive(c, kind, task.subject(), found.id());
      if (locked.isEmpty()) {
        continue; // finished meanwhile
      }
      if (!locked.get().isStalePending()) {
        return new Submission(locked.get().id(), locked.get().status(), true, replaced);
      }
      repository.failStalePending(c, found.id(), kind);
      replaced = found.id();
      UUID staleId = found.id();
      announceChanges(tx, List.of(new TaskChange(staleId, kind.queue(), TaskStatus.FAILED)));
    }
    throw new IllegalStateException("submitOrReuse did not settle for " + task.subject());
  }

  public Submission submitOrReuse(NewTask task) throws SQLException {
    return inTransaction(tx -> submitOrReuse(tx, task));
  }

  /**
   * Cancels a task: one that is not running (PENDING, or waiting for a retry) ends
   * FAILED(CANCELLED) at once; a running one is asked to stop and sees it through its context.
   */
  public CancelOutcome cancel(UUID id) throws SQLException {
    return inTransaction(tx -> cancel(tx, id));
  }

  /** {@link #cancel(UUID)} in the caller's transaction. */
  public CancelOutcome cancel(Tx tx, UUID id) throws SQLException {
    Optional<String> queue = repository.cancelIdle(tx.connection(), id);
    if (queue.isPresent()) {
      announceChanges(tx, List.of(new TaskChange(id, queue.get(), TaskStatus.FAILED)));
      return CancelOutcome.CANCELLED;
    }
    if (repository.requestCancel(tx.connection(), id)) {
      return CancelOutcome.REQUESTED;
    }
    return repository.find(tx.connection(), id).isPresent()
        ? CancelOutcome.ALREADY_FINAL
        : CancelOutcome.NOT_FOUND;
  }

  public Optional<Task> find(UUID id) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return repository.find(c, id);
    }
  }

  /** The tasks of a subject, newest first. */
  public List<Task> findBySubject(String subject, int limit) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return repository.findBySubject(c, subject, limit);
    }
  }

  /**
   * Task counts of every row, finished ones included: {@code queue -> status -> count}. A full
   * scan: for dashboards that refresh often use {@link #activeCounts()}.
   */
  public Map<String, Map<TaskStatus, Long>> counts() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return repository.counts(c);
    }
  }

  /** Counts of PENDING and PROCESSING rows by queue: cheap, from the claim index. */
  public Map<String, Map<TaskStatus, Long>> activeCounts() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return repository.activeCounts(c);
    }
  }

  /** How long the oldest due PENDING task has waited; empty when none waits. */
  public Optional<Duration> oldestPendingAge() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      Optional<Instant> oldest = repository.oldestDuePending(c);
      Instant now = clock != null ? clock.instant() : Instant.now();
      return oldest
          .map(due -> Duration.between(due, now))
          .map(d -> d.isNegative() ? Duration.ZERO : d);
    }
  }

  /**
   * Deletes finished tasks older than {@code age}, {@code batchSize} rows per transaction so no
   * long lock or transaction builds up. Returns how many were deleted.
   */
  public int prune(Duration age, int batchSize) throws SQLException {
    int total = 0;
    while (true) {
      int deleted;
      try (Connection c = dataSource.getConnection()) {
        c.setAutoCommit(true);
        deleted = repository.prune(c, age.toMillis(), batchSize);
      }
      total += deleted;
      if (deleted < batchSize) {
        break;
      }
    }
    if (total > 0) {
      // The pruned failures' counts went down by the triggers' deltas: fold them now, and drop the
      // hours they left at zero (a later failure in such an hour would only insert it again).
      compactFailureCounts();
      Instant now = clock != null ? clock.instant() : Instant.now();
      Instant before = now.minus(age);
      inEngineStatement(c -> failureCounts.forgetEmptyHours(c, before));
    }
    return total;
  }

  /**
   * Folds the failure deltas into the per-hour failure counts (V10, ADR 0017); 0 when another
   * instance is folding them now.
   */
  int compactFailureCounts() throws SQLException {
    return inEngineStatement(failureCounts::compact);
  }

  /**
   * Pauses a queue on every instance: from this call's commit on, no worker claims its tasks. Tasks
   * already claimed run to their end; submits are still accepted and wait PENDING. Persisted: the
   * queue stays paused across restarts until {@link #resume} is called.
   *
   * @return true if this call paused it, false if it was paused already
   * @throws IllegalArgumentException if no registered kind uses the queue
   */
  public boolean pause(String queue) throws SQLException {
    requireKnownQueue(queue);
    boolean paused = inEngineStatement(c -> pausedQueues.pause(c, queue));
    if (paused) {
      log.info("queue {} paused: its workers claim nothing until it is resumed", queue);
    }
    return paused;
  }

  /**
   * Resumes a paused queue: its workers claim again at their next claim, and are woken now.
   *
   * @return true if it was paused, false if it was running already
   * @throws IllegalArgumentException if no registered kind uses the queue
   */
  public boolean resume(String queue) throws SQLException {
    requireKnownQueue(queue);
    boolean resumed = inEngineStatement(c -> pausedQueues.resume(c, queue));
    if (resumed) {
      log.info("queue {} resumed", queue);
      signals.queueHasWork(queue);
    }
    return resumed;
  }

  /** The paused queues, sorted by name (including any that no kind of this process uses). */
  public Set<String> pausedQueues() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return pausedQueues.paused(c);
    }
  }

  private void requireKnownQueue(String queue) {
    if (!queues().contains(queue)) {
      throw new IllegalArgumentException(
          "unknown queue: " + queue + "; queues of the registered kinds: " + queues());
    }
  }

  /**
   * The workers of every instance, the oldest first: each writes its row at its start, heartbeats
   * it with its leases and deletes it when it stops. One that is not {@link
   * RegisteredWorker#alive()} was killed or cut off; its row goes a day after its last heartbeat.
   */
  public List<RegisteredWorker> workers() throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return workers.list(c);
    }
  }

  /**
   * The tasks in flight now per key of every kind with a {@link ConcurrencyLimit}: {@code kind ->
   * key -> tasks holding a slot} (leased, running or with an expired lease not yet rescued). A key
   * with none is absent. Cheap: read from the small index of held slots.
   */
  public Map<String, Map<String, Long>> concurrencyKeysInFlight() throws SQLException {
    String[] limited =
        kinds.values().stream()
            .filter(k -> k.concurrencyLimit() != null)
            .map(TaskKind::name)
            .toArray(String[]::new);
    Map<String, Map<String, Long>> inFlight = new LinkedHashMap<>();
    if (limited.length == 0) {
      return inFlight;
    }
    try (Connection c = dataSource.getConnection()) {
      for (LimitedClaimRepository.Held held : limitedClaims.held(c, limited)) {
        inFlight
            .computeIfAbsent(held.kind(), k -> new LinkedHashMap<>())
            .put(held.key(), held.held());
      }
    }
    return inFlight;
  }

  /**
   * The next {@code count} slots of a recurring kind's schedule after now, earliest first: when its
   * next tasks will be enqueued (for a dashboard, or to check a cron expression).
   *
   * @throws IllegalArgumentException if the kind is unknown or has no schedule
   */
  public List<Instant> nextSlots(String kind, int count) {
    Schedule schedule = kind(kind).schedule();
    if (schedule == null) {
      throw new IllegalArgumentException("task kind " + kind + " has no schedule");
    }
    return schedule.next(now(), count);
  }

  /**
   * The latest slot of a recurring kind that a scheduler enqueued, on any instance; empty before
   * the first (or for a kind that was never scheduled).
   */
  public Optional<Instant> lastEnqueuedSlot(String kind) throws SQLException {
    kind(kind);
    try (Connection c = dataSource.getConnection()) {
      return schedules.read(c, kind).map(ScheduleRepository.State::lastSlot);
    }
  }

  /** A worker for some of the queues. */
  public Worker.Builder worker() {
    return new Worker.Builder(this);
  }

  void announceWork(Tx tx, List<TaskKind> taskKinds, List<NewTask> tasks) throws SQLException {
    Set<String> queues = new LinkedHashSet<>();
    for (int i = 0; i < tasks.size(); i++) {
      if (tasks.get(i).delay().isZero()) {
        queues.add(taskKinds.get(i).queue());
      }
    }
    if (queues.isEmpty()) {
      return;
    }
    if (tx.runsAfterCommit()) {
      tx.afterCommit(() -> queues.forEach(signals::queueHasWork));
    } else {
      signals.announceInTransaction(tx.connection(), queues, List.of());
    }
  }

  void announceChanges(Tx tx, List<TaskChange> changes) throws SQLException {
    if (!taskChangeSignals || changes.isEmpty()) {
      return;
    }
    if (tx.runsAfterCommit()) {
      tx.afterCommit(() -> signals.tasksChanged(changes));
    } else {
      signals.announceInTransaction(tx.connection(), List.of(), changes);
    }
  }

  /** Announces changes that are already committed. */
  void announceCommittedChanges(List<TaskChange> changes) {
    if (taskChangeSignals && !changes.isEmpty()) {
      signals.tasksChanged(changes);
    }
  }

  <T> T inEngineTransaction(TransactionRunner.TxWork<T> work) throws SQLException {
    return engineTransactions.inTransaction(work);
  }

  /**
   * Runs one statement of the engine's own that commits by itself (autocommit): one round trip
   * where a transaction takes two (the statement, then COMMIT). Only for work that is a single
   * statement, which is atomic on its own.
   */
  <T> T inEngineStatement(StatementWork<T> work) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      boolean autoCommit = c.getAutoCommit();
      if (!autoCommit) {
        c.setAutoCommit(true);
      }
      try {
        return work.run(c);
      } finally {
        if (!autoCommit) {
          c.setAutoCommit(false);
        }
      }
    }
  }

  /** One statement on an autocommit connection. */
  @FunctionalInterface
  interface StatementWork<T> {
    T run(Connection connection) throws SQLException;
  }

  DataSource dataSource() {
    return dataSource;
  }

  TaskRepository repository() {
    return repository;
  }

  /** When the engine's statements are planned afresh as the task table grows (tests). */
  PlanGeneration plans() {
    return plans;
  }

  LimitedClaimRepository limitedClaims() {
    return limitedClaims;
  }

  WorkerRepository workerRepository() {
    return workers;
  }

  ScheduleRepository scheduleRepository() {
    return schedules;
  }

  Signals signals() {
    return signals;
  }

  /** Every listener, each one's exceptions contained. */
  TaskListeners listeners() {
    return listeners;
  }

  /** The tracing port, its exceptions contained. */
  AttemptTracing tracing() {
    return tracing;
  }

  TransactionRunner transactions() {
    return transactions;
  }

  /** A new task id (UUIDv7 of the engine's clock). */
  UUID newTaskId() {
    return ids.next();
  }

  /** The engine's clock for Java-side time, or null when the database clock rules. */
  Clock clock() {
    return clock;
  }

  Instant now() {
    return clock != null ? clock.instant() : Instant.now();
  }

  /** Configures an engine. */
  public static final class Builder {
    private final DataSource dataSource;
    private final Map<String, TaskKind> kinds = new LinkedHashMap<>();
    private Signals signals = Signals.none();
    private final List<TaskListener> listeners = new ArrayList<>();
    private Clock clock;
    private TransactionRunner transactions;
    private boolean taskChangeSignals = true;
    private TaskTracing tracing = TaskTracing.NONE;
    private boolean asyncLeaseCommits = true;

    private Builder(DataSource dataSource) {
      this.dataSource = dataSource;
    }

    public Builder kind(TaskKind kind) {
      if (kinds.putIfAbsent(kind.name(), kind) != null) {
        throw new IllegalArgumentException("task kind registered twice: " + kind.name());
      }
      return this;
    }

    public Builder signals(Signals signals) {
      this.signals = signals;
      return this;
    }

    public Builder listener(TaskListener listener) {
      listeners.add(listener);
      return this;
    }

    /**
     * Runs the engine on a Java clock instead of the database's (tests: a settable clock makes
     * leases, retries and staleness testable without sleeping).
     */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /**
     * The transactions of {@link #inTransaction} and of the engine's other own-transaction calls
     * (Spring's, under the Spring module). A plain {@link #submit(NewTask)} does not use it: it is
     * one autocommit statement on a connection of the engine's data source, which must hand out
     * connections of its own (a pool, not a proxy bound to the caller's transaction).
     */
    public Builder transactions(TransactionRunner transactions) {
      this.transactions = transactions;
      return this;
    }

    /** Whether "task changed" signals are sent (status streams need them). Default true. */
    public Builder taskChangeSignals(boolean enabled) {
      this.taskChangeSignals = enabled;
      return this;
    }

    /**
     * Stores each submitter's trace context on its row and runs handlers in spans that continue it.
     * Default {@link TaskTracing#NONE}: nothing stored, nothing started.
     */
    public Builder tracing(TaskTracing tracing) {
      this.tracing = Objects.requireNonNull(tracing, "tracing");
      return this;
    }

    /**
     * Whether a worker's claims and heartbeats commit without waiting for the WAL flush ({@code
     * synchronous_commit = off} in their own transactions, nowhere else). Default true: they write
     * only leases, and the fence token makes a lease lost in a crash harmless (ADR 0012). Submits
     * and outcomes — a transactional kind's SUCCESS with the handler's writes — always commit
     * durably.
     */
    public Builder asyncLeaseCommits(boolean enabled) {
      this.asyncLeaseCommits = enabled;
      return this;
    }

    public Taskrow build() {
      return new Taskrow(this);
    }
  }
}
