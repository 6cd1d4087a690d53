package dev.taskrow.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.core.MisfirePolicy;
import dev.taskrow.core.Schedule;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.SettableClock;
import dev.taskrow.test.TestDatabase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;

/** Recurring kinds through the Spring module: declared in code, set by properties, counted. */
class TaskrowScheduleTest {
  private static final Instant START = Instant.parse("2026-03-02T01:00:30Z");

  @BeforeEach
  void emptyTables() {
    TestDatabase.truncate("taskrow_schedule");
  }

  @Test
  void propertiesReplaceTheDeclaredScheduleAndItsMisfirePolicy() {
    TestContexts.runner()
        .withBean(
            TaskDefinition.class,
            () ->
                TaskDefinition.of(
                    TaskKind.named("report")
                        .schedule(Schedule.every(Duration.ofMinutes(1)))
                        .build(),
                    context -> {}))
        .withBean(
            TaskrowAutoConfiguration.TASKROW_CLOCK, Clock.class, () -> new SettableClock(START))
        .withPropertyValues(
            "taskrow.worker.enabled=false",
            "taskrow.kinds.report.schedule.cron=0 3 * * *",
            "taskrow.kinds.report.schedule.zone=Asia/Seoul",
            "taskrow.kinds.report.schedule.misfire=every-slot",
            "taskrow.kinds.report.schedule.max-missed-slots=5")
        .run(
            context -> {
              assertThat(context.getBean(Taskrow.class).kind("report").schedule())
                  .isEqualTo(
                      Schedule.cron("0 3 * * *", ZoneId.of("Asia/Seoul"))
                          .misfire(MisfirePolicy.everySlot(5)));
              // 03:00 in Seoul is 18:00 UTC the day before.
              assertThat(context.getBean(TaskrowTemplate.class).nextSlots("report", 2))
                  .containsExactly(
                      Instant.parse("2026-03-02T18:00:00Z"), Instant.parse("2026-03-03T18:00:00Z"));
            });
  }

  @Test
  void aScheduleCanBeTurnedOffByProperty() {
    TestContexts.runner()
        .withBean(
            TaskKind.class,
            () -> TaskKind.named("report").schedule(Schedule.every(Duration.ofMinutes(1))).build())
        .withPropertyValues("taskrow.kinds.report.schedule.enabled=false")
        .run(
            context ->
                assertThat(context.getBean(Taskrow.class).kind("report").schedule()).isNull());
  }

  @Test
  void aKindMadeRecurringByPropertyRunsEachSlotAndCountsIt() {
    SettableClock clock = new SettableClock(START);
    List<String> ran = new CopyOnWriteArrayList<>();
    TestContexts.runner()
        .withConfiguration(
            AutoConfigurations.of(
                MetricsAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class,
                SimpleMetricsExportAutoConfiguration.class))
        .withBean(
            TaskDefinition.class,
            () ->
                TaskDefinition.of(
                    TaskKind.named("tick").build(), context -> ran.add(context.subject())))
        .withBean(TaskrowAutoConfiguration.TASKROW_CLOCK, Clock.class, () -> clock)
        .withPropertyValues(
            "taskrow.worker.poll-interval=20ms", "taskrow.kinds.tick.schedule.every=1m")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              // The worker's scheduler has seen the kind: its schedule starts with its next slot.
              await().atMost(Duration.ofSeconds(20)).until(() -> countSchedules() == 1);
              clock.advance(Duration.ofMinutes(3)); // 01:01, 01:02, 01:03 due: the latest runs
              await().atMost(Duration.ofSeconds(20)).until(() -> ran.size() == 1);
              assertThat(ran).containsExactly("2026-03-02T01:03:00Z");
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              // The listener counts after the slots' insert committed, maybe after the task ran:
              // wait for both counters together.
              await()
                  .atMost(Duration.ofSeconds(20))
                  .untilAsserted(
                      () -> {
                        Counter enqueued =
                            registry
                                .find("taskrow.schedule.enqueued")
                                .tag("kind", "tick")
                                .counter();
                        Counter skipped =
                            registry.find("taskrow.schedule.skipped").tag("kind", "tick").counter();
                        assertThat(enqueued).isNotNull();
                        assertThat(skipped).isNotNull();
                        assertThat(enqueued.count()).isEqualTo(1.0);
                        assertThat(skipped.count()).isEqualTo(2.0);
                      });
            });
  }

  private static long countSchedules() throws Exception {
    try (var c = TestDatabase.dataSource().getConnection();
        var s = c.createStatement();
        var rs = s.executeQuery("select count(*) from taskrow_schedule")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
