package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.test.TestDatabase;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** At most N tasks of a kind in flight per key, however many instances claim at once. */
class ConcurrencyLimitTest extends EngineTest {
  private static final Duration POLL = Duration.ofMillis(20);
  private final List<HikariDataSource> pools = new ArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void closePools() {
    release.countDown();
    pools.forEach(HikariDataSource::close);
  }

  /** An instance of its own: its own pool (connections), engine and, if started, worker. */
  private Taskrow instance(TaskKind... kinds) {
    HikariDataSource pool = TestDatabase.newPool(6);
    pools.add(pool);
    Taskrow.Builder builder = Taskrow.builder(pool).clock(clock);
    for (TaskKind kind : kinds) {
      builder.kind(kind);
    }
    return builder.build();
  }

  private static TaskKind martImport(int limit) {
    return kind("mart.import")
        .queue("q")
        .transactional(false)
        .concurrencyLimit("mart:{martId}", limit)
        .build();
  }

  private static NewTask forMart(int mart) {
    return NewTask.of("mart.import").payload("{\"martId\": " + mart + "}");
  }

  @Test
  void fourInstancesRacingFiftyClaimsEachNeverExceedTheLimit() throws Exception {
    int limit = 3;
    int keys = 5;
    List<Taskrow> instances = new ArrayList<>();
    List<Worker> claimers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Taskrow instance = instance(martImport(limit));
      instances.add(instance);
      // Not started: the test makes each claim itself, so the four race exactly.
      claimers.add(
          track(instance.worker().queue("q", 8).handler("mart.import", ctx -> {}).build()));
    }
    List<NewTask> tasks = new ArrayList<>();
    for (int mart = 1; mart <= keys; mart++) {
      for (int n = 0; n < 20; n++) {
        tasks.add(forMart(mart));
      }
    }
    instances.get(0).inTransaction(tx -> instances.get(0).submitAll(tx, tasks));

    CyclicBarrier together = new CyclicBarrier(4);
    ExecutorService threads = Executors.newFixedThreadPool(4);
    List<Future<Integer>> results = new ArrayList<>();
    Map<String, Integer> maxHeld = new ConcurrentHashMap<>();
    for (Worker claimer : claimers) {
      results.add(
          threads.submit(
              () -> {
                int claimed = 0;
                for (int round = 0; round < 50; round++) {
                  together.await(20, TimeUnit.SECONDS);
                  List<RunningTask> got = claimer.claimWithinLimits("q", 4);
                  claimed += got.size();
                  heldPerKey().forEach((key, held) -> maxHeld.merge(key, held, Math::max));
                  // Finish some of what it holds, as handlers would, freeing slots for the race.
                  for (RunningTask task : got) {
                    if (ThreadLocalRandom.current().nextBoolean()) {
                      finish(task.taskId());
                    }
                  }
                }
                return claimed;
              }));
    }
    int claimed = 0;
    for (Future<Integer> result : results) {
      claimed += result.get(120, TimeUnit.SECONDS);
    }
    threads.shutdown();

    assertThat(maxHeld).hasSize(keys);
    assertThat(maxHeld.values()).allSatisfy(held -> assertThat(held).isBetween(1, limit));
    assertThat(heldPerKey().values())
        .allSatisfy(held -> assertThat(held).isLessThanOrEqualTo(limit));
    // The race was real: slots freed and were taken again, many times.
    assertThat(claimed).isGreaterThan(keys * limit);
    // And nothing was claimed twice: claims and rows agree.
    assertThat(count("select coalesce(sum(attempt_count), 0) from taskrow_task"))
        .isEqualTo(claimed);
  }

  @Test
  void fourRunningInstancesNeverRunMoreThanTheLimitOfAKeyAtOnce() throws Exception {
    int limit = 2;
    Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
    Map<String, Integer> maxRunning = new ConcurrentHashMap<>();
    Map<String, Integer> maxHeldInSql = new ConcurrentHashMap<>();
    List<Taskrow> instances = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Taskrow instance = instance(martImport(limit), issuance());
      instances.add(instance);
      TaskHandler handler =
          ctx -> {
            String key = keyOf(ctx.taskId());
            int now = running.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            try {
              maxRunning.merge(key, now, Math::max);
              maxHeldInSql.merge(key, heldPerKey().getOrDefault(key, 0), Math::max);
              Thread.sleep(3); // the work: long enough for the others to try to join in
            } finally {
              running.get(key).decrementAndGet();
            }
          };
      start(
          instance
              .worker()
              .pollInterval(POLL)
              .queue("q", 8)
              .handler("mart.import", handler)
              .handler("registry.issue", handler));
    }
    List<UUID> ids = new ArrayList<>();
    for (int n = 0; n < 50; n++) {
      Taskrow submitter = instances.get(n % 4);
      ids.add(submitter.submit(forMart(n % 3)));
      ids.add(submitter.submit(NewTask.of("registry.issue").payload("{}")));
    }

    for (UUID id : ids) {
      awaitStatus(instances.get(0), id, TaskStatus.SUCCESS);
    }
    assertThat(maxRunning.keySet())
        .containsExactlyInAnyOrder("mart:0", "mart:1", "mart:2", "issuer");
    assertThat(maxRunning.get("issuer")).isBetween(1, 3);
    assertThat(maxHeldInSql.get("issuer")).isBetween(1, 3);
    for (String mart : List.of("mart:0", "mart:1", "mart:2")) {
      assertThat(maxRunning.get(mart)).isBetween(1, limit);
      assertThat(maxHeldInSql.get(mart)).isBetween(1, limit);
    }
    // Up to 32 could run at once; the keys' limits (3 + 3 × 2) are what held them back.
    assertThat(maxRunning.values().stream().mapToInt(Integer::intValue).sum())
        .isGreaterThan(limit + 1);
  }

  private static TaskKind issuance() {
    return kind("registry.issue")
        .queue("q")
        .transactional(false)
        .concurrencyLimit("issuer", 3)
        .build();
  }

  @Test
  void aConstantKeyCapsTheKindClusterWideAndTheRestWaitPendingWithNoAttemptConsumed()
      throws Exception {
    Taskrow first = instance(issuance());
    Taskrow second = instance(issuance());
    AtomicInteger started = new AtomicInteger();
    for (Taskrow instance : List.of(first, second)) {
      start(
          instance
              .worker()
              .pollInterval(POLL)
              .queue("q", 8)
              .handler(
                  "registry.issue",
                  ctx -> {
                    started.incrementAndGet();
                    release.await();
                  }));
    }
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      ids.add(first.submit(NewTask.of("registry.issue")));
    }
    awaitTrue(() -> started.get() == 3);
    // Twenty poll intervals of both workers: no fourth start.
    Thread.sleep(POLL.multipliedBy(20).toMillis());
    assertThat(started).hasValue(3);
    assertThat(
            count(
                "select count(*) from taskrow_task where status = 'PENDING' and attempt_count = 0"))
        .isEqualTo(7);
    assertThat(first.concurrencyKeysInFlight())
        .isEqualTo(Map.of("registry.issue", Map.of("issuer", 3L)));
    assertThat(count("select count(*) from taskrow_task where concurrency_key = 'issuer'"))
        .isEqualTo(10);

    release.countDown();
    for (UUID id : ids) {
      awaitStatus(first, id, TaskStatus.SUCCESS);
    }
    assertThat(count("select max(attempt_count) from taskrow_task")).isEqualTo(1);
  }

  @Test
  void aPayloadFieldKeyHoldsBackOnlyItsOwnKey() throws Exception {
    // Ten marts' backlogs are older than mart 99's task and fill their one slot each: mart 99 must
    // not wait behind them, even for a claim of fewer tasks than there are full keys.
    Taskrow taskrow = instance(martImport(1));
    Map<Integer, List<UUID>> backlog = new HashMap<>();
    for (int mart = 1; mart <= 10; mart++) {
      for (int i = 0; i < 3; i++) {
        backlog.computeIfAbsent(mart, m -> new ArrayList<>()).add(taskrow.submit(forMart(mart)));
        clock.advance(Duration.ofMillis(1));
      }
    }
    Worker claimer =
        track(taskrow.worker().queue("q", 8).handler("mart.import", ctx -> {}).build());
    assertThat(claimer.claimWithinLimits("q", 100)).hasSize(10);
    assertThat(claimer.claimWithinLimits("q", 100)).isEmpty();
    UUID mart99 = taskrow.submit(forMart(99));

    assertThat(claimer.claimWithinLimits("q", 2))
        .extracting(RunningTask::taskId)
        .containsExactly(mart99);
    assertThat(keyOf(backlog.get(1).get(1))).isEqualTo("mart:1");
    assertThat(keyOf(mart99)).isEqualTo("mart:99");

    finish(backlog.get(3).get(0));
    assertThat(claimer.claimWithinLimits("q", 8))
        .extracting(RunningTask::taskId)
        .containsExactly(backlog.get(3).get(1));
  }

  @Test
  void keysReadNestedFieldsNumbersStringsAndTheSubject() throws Exception {
    Taskrow taskrow =
        instance(
            kind("nested").concurrencyLimit("m:{mart.id}/{kind}", 1).build(),
            kind("by-subject").concurrencyLimit("nest-{subject}", 1).build(),
            kind("k-free").build());
    UUID nested =
        taskrow.submit(NewTask.of("nested").payload("{\"mart\": {\"id\": 7}, \"kind\": \"xlsx\"}"));
    UUID bySubject = taskrow.submitOrReuse(NewTask.of("by-subject").subject("nest:42")).taskId();
    List<UUID> batch =
        taskrow.inTransaction(
            tx ->
                taskrow.submitAll(
                    tx,
                    List.of(
                        NewTask.of("nested").payload("{\"mart\": {\"id\": \"8\"}, \"kind\": true}"),
                        NewTask.of("k-free"))));

    assertThat(keyOf(nested)).isEqualTo("m:7/xlsx");
    assertThat(keyOf(bySubject)).isEqualTo("nest-nest:42");
    assertThat(keyOf(batch.get(0))).isEqualTo("m:8/true");
    assertThat(keyOf(batch.get(1))).isNull();
  }

  @Test
  void aTaskWhoseKeyCannotBeComputedIsRefusedAtSubmitNamingTheField() throws Exception {
    Taskrow taskrow =
        instance(martImport(1), kind("by-subject").concurrencyLimit("{subject}", 1).build());

    for (String payload :
        List.of("{}", "{\"martId\": null}", "{\"martId\": {\"id\": 1}}", "{\"martId\": [1]}")) {
      assertThatThrownBy(() -> taskrow.submit(NewTask.of("mart.import").payload(payload)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("mart.import")
          .hasMessageContaining("mart:{martId}")
          .hasMessageContaining("payload field martId");
    }
    assertThatThrownBy(
            () ->
                taskrow.inTransaction(
                    tx -> taskrow.submitAll(tx, List.of(forMart(1), NewTask.of("mart.import")))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("payload field martId");
    assertThatThrownBy(() -> taskrow.submit(NewTask.of("by-subject")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("by-subject")
        .hasMessageContaining("the task's subject");
    assertThat(count("select count(*) from taskrow_task")).isZero();
  }

  @Test
  void aZeroOrNegativeLimitOrABadTemplateIsRefusedNamingTheKind() {
    for (int limit : new int[] {0, -1}) {
      assertThatThrownBy(() -> kind("mart.import").concurrencyLimit("mart:{martId}", limit).build())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("mart.import")
          .hasMessageContaining("at least 1, was " + limit);
    }
    for (String template : List.of("", "mart:{martId", "mart:martId}", "mart:{}", "m:{a b}")) {
      assertThatThrownBy(() -> kind("mart.import").concurrencyLimit(template, 1).build())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("mart.import: concurrency key");
    }
  }

  @Test
  void anExpiredLeaseKeepsItsSlotUntilItsRescueWhichNeedsNoFreeSlot() throws Exception {
    TaskKind kind =
        kind("mart.import")
            .queue("q")
            .lease(Duration.ofSeconds(5))
            .concurrencyLimit("mart:{martId}", 1)
            .build();
    Taskrow first = instance(kind);
    Taskrow second = instance(kind);
    UUID stuck = first.submit(forMart(1));
    clock.advance(Duration.ofMillis(10));
    UUID next = first.submit(forMart(1));
    Worker dead = track(first.worker().queue("q", 4).handler("mart.import", ctx -> {}).build());
    Worker rescuer = track(second.worker().queue("q", 4).handler("mart.import", ctx -> {}).build());
    assertThat(dead.claimWithinLimits("q", 4))
        .extracting(RunningTask::taskId)
        .containsExactly(stuck);

    // The lease ran out (its worker died): the row still holds the slot, so the next task waits,
    clock.advance(Duration.ofSeconds(6));
    List<RunningTask> rescued = rescuer.claimWithinLimits("q", 4);
    // and the rescue takes the slot over instead of a second one.
    assertThat(rescued).extracting(RunningTask::taskId).containsExactly(stuck);
    assertThat(find(first, stuck).attemptCount()).isEqualTo(2);
    assertThat(find(first, next).status()).isEqualTo(TaskStatus.PENDING);
    assertThat(heldPerKey()).isEqualTo(Map.of("mart:1", 1));
  }

  @Test
  void aSnoozingTaskHoldsNoSlotAndIsClaimedWithinTheLimitWhenDue() throws Exception {
    Taskrow taskrow = instance(martImport(1));
    UUID snoozer = taskrow.submit(forMart(1).payload("{\"martId\": 1, \"snooze\": true}"));
    clock.advance(Duration.ofMillis(10));
    UUID other = taskrow.submit(forMart(1));
    AtomicInteger snoozes = new AtomicInteger();
    CountDownLatch otherRunning = new CountDownLatch(1);
    start(
        taskrow
            .worker()
            .pollInterval(POLL)
            .queue("q", 4)
            .handler(
                "mart.import",
                ctx -> {
                  if (ctx.payload().contains("snooze") && snoozes.getAndIncrement() == 0) {
                    throw TaskSnooze.of(Duration.ofMinutes(1));
                  }
                  if (ctx.taskId().equals(other)) {
                    otherRunning.countDown();
                    release.await();
                  }
                }));

    // The snoozer gave its slot back: the other task of its key runs meanwhile.
    assertThat(otherRunning.await(20, TimeUnit.SECONDS)).isTrue();
    assertThat(find(taskrow, snoozer).snoozeCount()).isEqualTo(1);
    // Due again while the other holds the slot: it waits, PROCESSING with no lease.
    clock.advance(Duration.ofMinutes(2));
    Thread.sleep(POLL.multipliedBy(10).toMillis());
    assertThat(find(taskrow, snoozer).lockedUntil()).isNull();
    assertThat(find(taskrow, snoozer).attemptCount()).isZero();

    release.countDown();
    awaitStatus(taskrow, other, TaskStatus.SUCCESS);
    awaitStatus(taskrow, snoozer, TaskStatus.SUCCESS);
  }

  @Test
  void aQueueWithLimitedAndUnlimitedKindsRunsBoth() throws Exception {
    Taskrow taskrow =
        instance(martImport(1), kind("plain").queue("q").transactional(false).build());
    AtomicInteger ran = new AtomicInteger();
    start(
        taskrow
            .worker()
            .pollInterval(POLL)
            .queue("q", 4)
            .handler("mart.import", ctx -> ran.incrementAndGet())
            .handler("plain", ctx -> ran.incrementAndGet()));
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      ids.add(taskrow.submit(forMart(i % 2)));
      ids.add(taskrow.submit(NewTask.of("plain")));
    }
    for (UUID id : ids) {
      awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    }
    assertThat(ran).hasValue(40);
    assertThat(
            count(
                "select count(*) from taskrow_task where kind = 'plain' and concurrency_key is null"))
        .isEqualTo(20);
  }

  @Test
  void aPausedQueueGivesNothingToTheLimitedClaim() throws Exception {
    Taskrow taskrow = instance(martImport(1));
    taskrow.submit(forMart(1));
    Worker claimer =
        track(taskrow.worker().queue("q", 4).handler("mart.import", ctx -> {}).build());
    taskrow.pause("q");
    assertThat(claimer.claimWithinLimits("q", 4)).isEmpty();
    taskrow.resume("q");
    assertThat(claimer.claimWithinLimits("q", 4)).hasSize(1);
  }

  @Test
  void theLimitedClaimRefusesToCountUnderAnotherIsolationLevel() throws Exception {
    // Under REPEATABLE READ the count would read the snapshot taken before the keys' locks.
    HikariDataSource pool = TestDatabase.newPool(2);
    pools.add(pool);
    DataSource repeatableRead =
        (DataSource)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                  Object result = method.invoke(pool, args);
                  if (method.getName().equals("getConnection")) {
                    try (Statement s = ((Connection) result).createStatement()) {
                      s.execute(
                          "set session characteristics as transaction isolation level repeatable read");
                    }
                  }
                  return result;
                });
    Taskrow taskrow = Taskrow.builder(repeatableRead).clock(clock).kind(martImport(1)).build();
    taskrow.submit(forMart(1));
    Worker claimer =
        track(taskrow.worker().queue("q", 4).handler("mart.import", ctx -> {}).build());

    assertThatThrownBy(() -> claimer.claimWithinLimits("q", 4))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("needs READ COMMITTED")
        .hasMessageContaining("repeatable read");
    assertThat(count("select count(*) from taskrow_task where status = 'PENDING'")).isEqualTo(1);
  }

  /** What a handler's success records, written directly. */
  private void finish(UUID id) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                """
                update taskrow_task set status = 'SUCCESS', finished_at = now(), due_at = null,
                    locked_by = null, locked_until = null
                where id = ?
                """)) {
      s.setObject(1, id);
      s.executeUpdate();
    }
  }

  private String keyOf(UUID id) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement("select concurrency_key from taskrow_task where id = ?")) {
      s.setObject(1, id);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  /** Slots held per key, read from the rows: PROCESSING with a lease. */
  private Map<String, Integer> heldPerKey() throws SQLException {
    Map<String, Integer> held = new HashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                """
                select concurrency_key, count(*) from taskrow_task
                where status = 'PROCESSING' and locked_until is not null
                  and concurrency_key is not null
                group by concurrency_key
                """);
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        held.put(rs.getString(1), rs.getInt(2));
      }
    }
    return held;
  }
}
