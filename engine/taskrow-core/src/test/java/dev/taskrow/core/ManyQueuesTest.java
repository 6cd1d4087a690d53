package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A worker claims for all its queues in one statement: each queue at most its own share, a paused
 * queue nothing, and a queue's rows only for that queue.
 */
class ManyQueuesTest extends EngineTest {
  private static final String[] KINDS = {"ka", "kb", "kc", "kd"};
  private static final Long[] LEASES = {30_000L, 30_000L, 30_000L, 30_000L};

  private Taskrow fourQueues() {
    Taskrow.Builder builder = Taskrow.builder(dataSource).clock(clock);
    for (String queue : List.of("a", "b", "c", "d")) {
      builder.kind(kind("k" + queue).queue(queue).build());
    }
    return builder.build();
  }

  @Test
  void oneStatementGivesEachQueueAtMostItsShare() throws Exception {
    Taskrow taskrow = fourQueues();
    for (String kind : KINDS) {
      for (int i = 0; i < 5; i++) {
        taskrow.submit(NewTask.of(kind));
      }
    }
    taskrow.pause("c");
    List<TaskRepository.QueueClaim> wanted =
        List.of(
            new TaskRepository.QueueClaim("a", 2, null),
            new TaskRepository.QueueClaim("b", 10, null),
            new TaskRepository.QueueClaim("c", 10, null),
            // A floor after every row's due time: nothing is due at or after it.
            new TaskRepository.QueueClaim("d", 10, clock.instant().plusSeconds(60)));
    List<TaskRepository.Claimed> claimed;
    try (Connection c = dataSource.getConnection()) {
      claimed = taskrow.repository().claim(c, wanted, KINDS, LEASES, "w");
    }
    Map<String, Long> perQueue =
        claimed.stream()
            .collect(Collectors.groupingBy(r -> r.task().queue(), Collectors.counting()));
    assertThat(perQueue).containsOnly(Map.entry("a", 2L), Map.entry("b", 5L));
    assertThat(claimed)
        .allSatisfy(
            r -> {
              assertThat(r.task().kind()).isEqualTo("k" + r.task().queue());
              assertThat(r.task().status()).isEqualTo(TaskStatus.PROCESSING);
              assertThat(r.task().lockedBy()).isEqualTo("w");
            });
    assertThat(count("select count(*) from taskrow_task where status = 'PENDING'"))
        .isEqualTo(20 - 7);
  }

  /**
   * The claim of several queues is never a server-side prepared statement: a generic plan of it
   * reads every row of every queue (see TaskRepository). The driver names a statement from its
   * fifth execution on.
   */
  @Test
  void theClaimIsPlannedWithItsValuesEveryTime() throws Exception {
    Taskrow taskrow = fourQueues();
    try (Connection c = dataSource.getConnection()) {
      for (int i = 0; i < 10; i++) {
        taskrow.submit(NewTask.of("ka"));
        assertThat(
                taskrow
                    .repository()
                    .claim(
                        c,
                        List.of(new TaskRepository.QueueClaim("a", 1, null)),
                        KINDS,
                        LEASES,
                        "w"))
            .hasSize(1);
        taskrow.repository().claimFloors(c, new String[] {"a"}, KINDS, 0, Duration.ofSeconds(1));
      }
      try (var s = c.createStatement();
          var rs =
              s.executeQuery(
                  "select count(*) filter (where statement like '%with wanted as%'),"
                      + " count(*) filter (where statement like '%n_dead_tup%')"
                      + " from pg_prepared_statements")) {
        rs.next();
        assertThat(rs.getLong(1)).as("claims prepared on the server").isZero();
        assertThat(rs.getLong(2)).as("floor reads prepared on the server").isZero();
      }
    }
  }

  /**
   * Thirty queues of a thousand waiting rows each, interleaved as a round-robin submit leaves them,
   * the table analysed: a claim of ten from every queue reads the rows it takes, not the queues.
   * Planned as a bitmap scan of each queue and a sort, it read all 30,000 rows (the floor's range
   * estimate, see TaskRepository); ANALYZE samples 30,000 rows, the whole table, so the planner
   * sees the same statistics in every run.
   */
  @Test
  void aClaimOfManyQueuesReadsTheRowsItTakesNotWholeQueues() throws Exception {
    int queues = 30;
    Taskrow.Builder builder = Taskrow.builder(dataSource).clock(clock);
    String[] kinds = new String[queues];
    Long[] leases = new Long[queues];
    List<TaskRepository.QueueClaim> wanted = new ArrayList<>();
    for (int q = 0; q < queues; q++) {
      kinds[q] = "k" + q;
      leases[q] = 30_000L;
      builder.kind(kind(kinds[q]).queue("q" + q).build());
      wanted.add(new TaskRepository.QueueClaim("q" + q, 10, null));
    }
    Taskrow taskrow = builder.build();
    taskTableAutovacuum(false);
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement insert =
          c.prepareStatement(
              "insert into taskrow_task (id, kind, queue, max_attempts, due_at)"
                  + " select gen_random_uuid(), 'k' || (i % ?), 'q' || (i % ?), 3,"
                  + " cast(? as timestamptz) - interval '1 hour' + i * interval '1 millisecond'"
                  + " from generate_series(1, ?) as i")) {
        insert.setInt(1, queues);
        insert.setInt(2, queues);
        insert.setObject(3, clock.instant().atOffset(ZoneOffset.UTC));
        insert.setInt(4, queues * 1_000);
        insert.execute();
      }
      try (Statement s = c.createStatement()) {
        s.execute("analyze taskrow_task");
      }
      c.setAutoCommit(false);
      Reads before = reads(c);
      List<TaskRepository.Claimed> claimed =
          taskrow.repository().claim(c, wanted, kinds, leases, "w");
      Reads read = reads(c).since(before);
      c.commit();
      assertThat(claimed).hasSize(queues * 10);
      assertThat(read.wholeTableScans()).isZero();
      // Each claimed row is read twice (the queue's index scan, then the update's primary-key
      // probe); the bitmap plan read every row of every queue.
      assertThat(read.rows()).isLessThanOrEqualTo(2L * queues * 10 + queues);
    } finally {
      taskTableAutovacuum(true);
    }
  }

  @Test
  void theFloorsOfAllQueuesAreReadInOneStatement() throws Exception {
    Taskrow taskrow = fourQueues();
    Instant now = clock.instant();
    taskrow.submit(NewTask.of("ka"));
    clock.advance(Duration.ofSeconds(10));
    taskrow.submit(NewTask.of("kb"));
    Map<String, Instant> floors;
    try (Connection c = dataSource.getConnection()) {
      floors =
          taskrow
              .repository()
              .claimFloors(c, new String[] {"a", "b", "d"}, KINDS, 0, Duration.ofSeconds(1));
    }
    assertThat(floors.get("a")).isEqualTo(now);
    // The queue's oldest due row is newer than a poll interval ago: the margin bounds it.
    assertThat(floors.get("b")).isEqualTo(clock.instant().minusSeconds(1));
    assertThat(floors.get("d")).as("an empty queue").isEqualTo(clock.instant().minusSeconds(1));
    assertThat(floors).doesNotContainKey("c");
  }

  /**
   * A worker whose queues mix kinds with and without a concurrency limit: the limited kind is
   * claimed within its key's limit, first in the round, and the unlimited kinds of the same and of
   * another queue by the round's one statement; everything runs.
   */
  @Test
  void limitedAndUnlimitedKindsOfSeveralQueuesShareTheRounds() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(
                kind("issue")
                    .queue("paid")
                    .transactional(false)
                    .concurrencyLimit("issuer", 2)
                    .build())
            .kind(kind("receipt").queue("paid").transactional(false).build())
            .kind(kind("ocr").queue("free").transactional(false).build())
            .build();
    Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
    Map<String, AtomicInteger> most = new ConcurrentHashMap<>();
    TaskHandler handler =
        ctx -> {
          String kind = ctx.kind();
          int now = running.computeIfAbsent(kind, x -> new AtomicInteger()).incrementAndGet();
          most.computeIfAbsent(kind, x -> new AtomicInteger()).accumulateAndGet(now, Math::max);
          try {
            Thread.sleep(3); // the work: long enough for the others to try to join in
          } finally {
            running.get(kind).decrementAndGet();
          }
        };
    start(
        taskrow
            .worker()
            // Claimed by the rounds, as this test means: a submit taken straight into a free slot
            // would run alone and the kinds might never overlap.
            .takesOwnSubmits(false)
            .pollInterval(Duration.ofMillis(20))
            .queue("paid", 8)
            .queue("free", 8)
            .handler("issue", handler)
            .handler("receipt", handler)
            .handler("ocr", handler));
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      for (String kind : List.of("issue", "receipt", "ocr")) {
        ids.add(taskrow.submit(NewTask.of(kind)));
      }
    }
    for (UUID id : ids) {
      awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    }
    assertThat(most.get("issue")).as("the issuer's limit").hasValueBetween(1, 2);
    assertThat(most.get("receipt").get() + most.get("ocr").get())
        .as("the unlimited kinds ran beside it")
        .isGreaterThan(2);
  }

  /**
   * Twenty queues of two at a time, three tasks each, waiting before the worker starts: the first
   * two of every queue run at once and no queue runs more than two; the sixty tasks are claimed in
   * a couple of statements, where a claimer per queue makes at least twenty.
   */
  @Test
  void aWorkerOfTwentyQueuesClaimsThemTogetherWithinEachQueuesConcurrency() throws Exception {
    int queues = 20;
    Taskrow.Builder builder = Taskrow.builder(dataSource); // the system clock: claim times differ
    for (int q = 0; q < queues; q++) {
      builder.kind(kind("k" + q).queue("q" + q).transactional(false).build());
    }
    Taskrow taskrow = builder.build();
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 3 * queues; i++) {
      ids.add(taskrow.submit(NewTask.of("k" + (i % queues))));
    }
    CountDownLatch firstWave = new CountDownLatch(2 * queues);
    CountDownLatch release = new CountDownLatch(1);
    Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
    Map<String, AtomicInteger> most = new ConcurrentHashMap<>();
    Worker.Builder worker = taskrow.worker().pollInterval(Duration.ofMillis(50));
    for (int q = 0; q < queues; q++) {
      String queue = "q" + q;
      worker
          .queue(queue, 2)
          .handler(
              "k" + q,
              ctx -> {
                int now =
                    running.computeIfAbsent(queue, x -> new AtomicInteger()).incrementAndGet();
                most.computeIfAbsent(queue, x -> new AtomicInteger())
                    .accumulateAndGet(now, Math::max);
                firstWave.countDown();
                try {
                  assertThat(release.await(20, TimeUnit.SECONDS)).isTrue();
                } finally {
                  running.get(queue).decrementAndGet();
                }
              });
    }
    start(worker);
    assertThat(firstWave.await(20, TimeUnit.SECONDS)).isTrue();
    assertThat(most).hasSize(queues).allSatisfy((queue, max) -> assertThat(max).hasValue(2));
    release.countDown();
    for (UUID id : ids) {
      awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    }
    assertThat(most).allSatisfy((queue, max) -> assertThat(max).hasValue(2));
    // Each claim statement stamps its rows with its own time.
    assertThat(count("select count(distinct last_attempt_at) from taskrow_task")).isBetween(1L, 3L);
  }
}
