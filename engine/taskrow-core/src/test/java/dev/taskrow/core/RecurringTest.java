package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.test.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Recurring kinds against a real PostgreSQL on the settable clock: one task per slot, never again
 * once it finished, across racing instances; the misfire policies; a cron across a DST change.
 */
class RecurringTest extends EngineTest {
  private static final Instant START = Instant.parse("2026-03-02T01:00:30Z");
  private final List<HikariDataSource> pools = new ArrayList<>();

  @BeforeEach
  void emptySchedules() {
    TestDatabase.truncate("taskrow_schedule");
    clock.set(START);
  }

  @AfterEach
  void closePools() {
    pools.forEach(HikariDataSource::close);
  }

  @Test
  void aSlotIsEnqueuedOnceAndNotAgainAfterItsTaskFinishedOrWasPruned() throws Exception {
    Taskrow taskrow = engine(everyMinute().build());
    RecurringScheduler scheduler = scheduler(taskrow);

    // The first look creates the schedule's mark: it starts with its next slot, not the last one.
    assertThat(scheduler.tick()).isEmpty();
    assertThat(scheduler.tick()).isEmpty();
    assertThat(taskrow.nextSlots("r", 2))
        .containsExactly(
            Instant.parse("2026-03-02T01:01:00Z"), Instant.parse("2026-03-02T01:02:00Z"));

    clock.advance(Duration.ofSeconds(30));
    assertThat(scheduler.tick())
        .containsExactly(
            new RecurringScheduler.Enqueued(
                "r", List.of(Instant.parse("2026-03-02T01:01:00Z")), 0));
    assertThat(scheduler.tick()).isEmpty();
    assertThat(taskrow.lastEnqueuedSlot("r")).contains(Instant.parse("2026-03-02T01:01:00Z"));
    Task task = taskrow.findBySubject("2026-03-02T01:01:00Z", 10).getFirst();
    assertThat(task.kind()).isEqualTo("r");
    assertThat(task.status()).isEqualTo(TaskStatus.PENDING);

    // Another instance (a scheduler that has never looked, so it reads the row) enqueues nothing
    // for the slot once its task finished, nor once the row was pruned.
    finishAll();
    assertThat(scheduler(taskrow).tick()).isEmpty();
    execute("delete from taskrow_task");
    assertThat(scheduler(taskrow).tick()).isEmpty();
    assertThat(count("select count(*) from taskrow_task")).isZero();

    clock.advance(Duration.ofSeconds(59));
    assertThat(scheduler.tick()).isEmpty();
    clock.advance(Duration.ofSeconds(1));
    assertThat(scheduler.tick())
        .extracting(RecurringScheduler.Enqueued::slots)
        .containsExactly(List.of(Instant.parse("2026-03-02T01:02:00Z")));
  }

  @Test
  void fourInstancesRacingEnqueueExactlyOneTaskPerSlot() throws Exception {
    int instances = 4;
    int slots = 150;
    List<RecurringScheduler> schedulers = new ArrayList<>();
    for (int i = 0; i < instances; i++) {
      HikariDataSource pool = TestDatabase.newPool(2);
      pools.add(pool);
      schedulers.add(
          scheduler(Taskrow.builder(pool).clock(clock).kind(everyMinute().build()).build()));
    }
    schedulers.getFirst().tick(); // the mark, at 01:00:30
    List<RecurringScheduler.Enqueued> enqueued = new CopyOnWriteArrayList<>();
    // Each round the clock passes one slot; then all four tick twice at the same moment. Between
    // rounds every task is finished, so the active-subject index cannot hide a second insert:
    // only the mark keeps a slot from being enqueued again.
    CyclicBarrier roundStart =
        new CyclicBarrier(instances, () -> clock.advance(Duration.ofMinutes(1)));
    CyclicBarrier roundEnd =
        new CyclicBarrier(
            instances,
            () -> {
              try {
                finishAll();
              } catch (SQLException e) {
                throw new IllegalStateException(e);
              }
            });
    ExecutorService threads = Executors.newFixedThreadPool(instances + 1);
    AtomicBoolean racing = new AtomicBoolean(true);
    try {
      // And tasks finish as soon as they exist, as a fast handler's would: a scheduler that read
      // a mark another had already moved would insert a slot whose task is no longer active.
      threads.submit(
          () -> {
            while (racing.get()) {
              finishAll();
            }
            return null;
          });
      List<Future<?>> running = new ArrayList<>();
      for (RecurringScheduler scheduler : schedulers) {
        running.add(
            threads.submit(
                () -> {
                  for (int round = 0; round < slots; round++) {
                    roundStart.await(20, TimeUnit.SECONDS);
                    enqueued.addAll(scheduler.tick());
                    enqueued.addAll(scheduler.tick());
                    roundEnd.await(20, TimeUnit.SECONDS);
                  }
                  return null;
                }));
      }
      for (Future<?> future : running) {
        future.get(120, TimeUnit.SECONDS);
      }
    } finally {
      racing.set(false);
      threads.shutdownNow();
    }

    List<Instant> all = enqueued.stream().flatMap(e -> e.slots().stream()).sorted().toList();
    assertThat(all).hasSize(slots).doesNotHaveDuplicates();
    assertThat(all.getFirst()).isEqualTo(Instant.parse("2026-03-02T01:01:00Z"));
    assertThat(all.getLast())
        .isEqualTo(Instant.parse("2026-03-02T01:00:00Z").plusSeconds(60L * slots));
    assertThat(enqueued).allMatch(e -> e.skipped() == 0);
    assertThat(count("select count(*) from taskrow_task where kind = 'r'")).isEqualTo(slots);
    assertThat(count("select count(distinct subject) from taskrow_task")).isEqualTo(slots);
  }

  @Test
  void afterDowntimeTheLatestMissedSlotRunsOnceByDefault() throws Exception {
    RecurringScheduler scheduler = scheduler(engine(everyMinute().build()));
    scheduler.tick();

    clock.advance(Duration.ofMinutes(10)); // slots 01:01 .. 01:10 missed
    assertThat(scheduler.tick())
        .containsExactly(
            new RecurringScheduler.Enqueued(
                "r", List.of(Instant.parse("2026-03-02T01:10:00Z")), 9));
    assertThat(count("select count(*) from taskrow_task")).isEqualTo(1);
    assertThat(scheduler.tick()).isEmpty();
  }

  @Test
  void afterDowntimeEveryMissedSlotRunsUpToTheBoundTheLatestOnesOldestFirst() throws Exception {
    RecurringScheduler scheduler =
        scheduler(
            engine(
                kind("r")
                    .schedule(
                        Schedule.every(Duration.ofMinutes(1)).misfire(MisfirePolicy.everySlot(4)))
                    .build()));
    scheduler.tick();

    clock.advance(Duration.ofMinutes(3)); // within the bound: all three
    assertThat(scheduler.tick())
        .containsExactly(
            new RecurringScheduler.Enqueued(
                "r",
                List.of(
                    Instant.parse("2026-03-02T01:01:00Z"),
                    Instant.parse("2026-03-02T01:02:00Z"),
                    Instant.parse("2026-03-02T01:03:00Z")),
                0));

    clock.advance(Duration.ofMinutes(10)); // 01:04 .. 01:13: the latest four
    assertThat(scheduler.tick())
        .containsExactly(
            new RecurringScheduler.Enqueued(
                "r",
                List.of(
                    Instant.parse("2026-03-02T01:10:00Z"),
                    Instant.parse("2026-03-02T01:11:00Z"),
                    Instant.parse("2026-03-02T01:12:00Z"),
                    Instant.parse("2026-03-02T01:13:00Z")),
                6));
    assertThat(count("select count(*) from taskrow_task")).isEqualTo(7);
  }

  @Test
  void aLongOutageOfAShortScheduleStillEnqueuesOnlyTheLatestSlotsWithoutWalkingThemAll()
      throws Exception {
    RecurringScheduler scheduler =
        scheduler(
            engine(
                kind("r")
                    .schedule(
                        Schedule.every(Duration.ofSeconds(1)).misfire(MisfirePolicy.everySlot(3)))
                    .build()));
    scheduler.tick();

    clock.advance(Duration.ofDays(2)); // 172,800 slots of one second
    RecurringScheduler.Enqueued enqueued = scheduler.tick().getFirst();
    Instant last = START.plus(Duration.ofDays(2)); // 01:00:30, itself a slot
    assertThat(enqueued.slots()).containsExactly(last.minusSeconds(2), last.minusSeconds(1), last);
    assertThat(enqueued.skipped()).isGreaterThanOrEqualTo(RecurringScheduler.MAX_COUNTED - 3);
  }

  @Test
  void aCronInBerlinRunsOnceOnTheNightItsLocalTimeComesTwice() throws Exception {
    // 02:30 Berlin on 2026-10-25 is 00:30 UTC in summer time and again 01:30 UTC in winter time.
    clock.set(Instant.parse("2026-10-24T12:00:00Z"));
    RecurringScheduler scheduler =
        scheduler(
            engine(
                kind("r")
                    .schedule(Schedule.cron("30 2 * * *", ZoneId.of("Europe/Berlin")))
                    .build()));
    List<Instant> enqueued = new ArrayList<>();
    // Ticks every 10 minutes for two days, through the change.
    for (int i = 0; i < 6 * 48; i++) {
      scheduler.tick().forEach(e -> enqueued.addAll(e.slots()));
      finishAll();
      clock.advance(Duration.ofMinutes(10));
    }
    assertThat(enqueued)
        .containsExactly(
            Instant.parse("2026-10-25T00:30:00Z"), Instant.parse("2026-10-26T01:30:00Z"));
  }

  @Test
  void aWorkerOfTheKindEnqueuesItsSlotsAndRunsThem() throws Exception {
    Taskrow taskrow = engine(everyMinute().build());
    List<String> ran = new CopyOnWriteArrayList<>();
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 1)
            .handler("r", ctx -> ran.add(ctx.subject() + " " + ctx.payload())));
    awaitTrue(() -> count("select count(*) from taskrow_schedule") == 1);

    clock.advance(Duration.ofSeconds(30));
    awaitTrue(() -> ran.size() == 1);
    assertThat(ran.getFirst()).startsWith("2026-03-02T01:01:00Z").contains("2026-03-02T01:01:00Z");
    awaitTrue(
        () ->
            count("select count(*) from taskrow_task where status = 'SUCCESS'") == 1
                && count("select count(*) from taskrow_task") == 1);
  }

  @Test
  void aThrowingListenerNeitherStopsTheSchedulerNorKeepsTheOthersFromHearing() throws Exception {
    List<String> heard = new CopyOnWriteArrayList<>();
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(everyMinute().build())
            .listener(
                new TaskListener() {
                  @Override
                  public void onSlotsEnqueued(String kind, List<Instant> slots, long skipped) {
                    throw new IllegalStateException("metrics are down");
                  }
                })
            .listener(
                new TaskListener() {
                  @Override
                  public void onSlotsEnqueued(String kind, List<Instant> slots, long skipped) {
                    heard.add(kind + " " + slots + " " + skipped);
                  }
                })
            .build();
    RecurringScheduler scheduler = scheduler(taskrow);
    scheduler.tick();
    clock.advance(Duration.ofMinutes(2));

    assertThat(scheduler.tick()).hasSize(1);
    assertThat(heard).containsExactly("r [2026-03-02T01:02:00Z] 1");
    assertThat(taskrow.lastEnqueuedSlot("r")).contains(Instant.parse("2026-03-02T01:02:00Z"));
  }

  private static TaskKind.Builder everyMinute() {
    return kind("r").schedule(Schedule.every(Duration.ofMinutes(1)));
  }

  private static RecurringScheduler scheduler(Taskrow taskrow) {
    return new RecurringScheduler(taskrow, List.copyOf(taskrow.kinds()));
  }

  private void finishAll() throws SQLException {
    execute(
        "update taskrow_task set status = 'SUCCESS', due_at = null, finished_at = now()"
            + " where status in ('PENDING', 'PROCESSING')");
  }

  private void execute(String sql) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
