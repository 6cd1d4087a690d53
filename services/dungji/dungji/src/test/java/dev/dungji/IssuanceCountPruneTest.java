package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.dungji.registry.IssuanceCountPruner;
import dev.dungji.registry.RegistryTasks;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The quota's counting rows of past days are pruned by the recurring kind {@code
 * dungji.quota-prune}: it keeps today and {@code keep-days} days before it, on 둥지's clock (here a
 * settable one moved across days), and removes the rest. The pruning itself is called directly: the
 * task may be claimed by a worker of another test class's context still running in this JVM, with
 * its own clock.
 */
@TestPropertySource(properties = {"dungji.quota.keep-days=3", "dungji.quota.prune-interval=0s"})
@Import(IssuanceCountPruneTest.Clocks.class)
class IssuanceCountPruneTest extends ApiTestBase {
  /** Days no other test counts on (the quota tests use 2300 and later). */
  private static final LocalDate TODAY = LocalDate.parse("2200-06-15");

  @TestConfiguration
  static class Clocks {
    /** Not a default candidate: the account system's tokens keep the real clock. */
    @Bean(name = DungjiAutoConfiguration.DUNGJI_CLOCK, defaultCandidate = false)
    SettableClock dungjiClock() {
      return new SettableClock(Instant.now());
    }
  }

  @Autowired
  @Qualifier(DungjiAutoConfiguration.DUNGJI_CLOCK)
  SettableClock clock;

  @Autowired Taskrow taskrow;
  @Autowired IssuanceCountPruner pruner;

  @Test
  void aPruneKeepsTodayAndTheKeptDaysAndRemovesOlderRows() {
    for (int back : List.of(0, 1, 3, 4, 30)) {
      count("user:1", TODAY.minusDays(back));
      count("nest:9", TODAY.minusDays(back));
    }
    // 10:00 in Seoul on TODAY.
    clock.set(TODAY.atTime(10, 0).atZone(ZoneId.of("Asia/Seoul")).toInstant());

    assertThat(pruner.keptFrom()).isEqualTo(TODAY.minusDays(3));
    assertThat(pruner.prune()).isGreaterThanOrEqualTo(4);
    assertThat(days("user:1")).containsExactly(TODAY.minusDays(3), TODAY.minusDays(1), TODAY);
    assertThat(days("nest:9")).containsExactly(TODAY.minusDays(3), TODAY.minusDays(1), TODAY);

    // A day later the oldest kept day goes too; nothing else.
    clock.set(clock.instant().plus(Duration.ofDays(1)));
    pruner.prune();
    assertThat(days("user:1")).containsExactly(TODAY.minusDays(1), TODAY);
    assertThat(days("nest:9")).containsExactly(TODAY.minusDays(1), TODAY);
  }

  @Test
  void theRecurringKindRunsThePruneOncePerSlotAndRecordsWhatItDid() throws Exception {
    TaskKind kind = taskrow.kind(RegistryTasks.QUOTA_PRUNE_KIND);
    // Declared like the orphan sweep: the issuance queue, one attempt per slot; this class sets
    // prune-interval 0s, so no schedule and the task is submitted by hand.
    assertThat(kind.queue()).isEqualTo(RegistryTasks.ISSUE_QUEUE);
    assertThat(kind.maxAttempts()).isEqualTo(1);
    assertThat(kind.schedule()).isNull();
    count("user:2", LocalDate.parse("2000-01-01"));

    Task done = awaitSuccess(taskrow.submit(NewTask.of(RegistryTasks.QUOTA_PRUNE_KIND)));

    assertThat(done.result()).contains("\"removed\": ", "\"kept_from\": ");
    // Whichever instance ran it, a row of the year 2000 is older than any clock's kept days.
    assertThat(days("user:2", LocalDate.parse("1999-01-01"))).isEmpty();
  }

  private Task awaitSuccess(UUID id) throws java.sql.SQLException {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> taskrow.find(id).orElseThrow().status().isFinal());
    Task task = taskrow.find(id).orElseThrow();
    assertThat(task.status())
        .as(task.errorCode() + " " + task.errorMessage())
        .isEqualTo(TaskStatus.SUCCESS);
    return task;
  }

  private void count(String scope, LocalDate day) {
    jdbc.sql("INSERT INTO dungji_issuance_count (scope, day, used) VALUES (?, ?, 1)")
        .param(scope)
        .param(day)
        .update();
  }

  private List<LocalDate> days(String scope) {
    return days(scope, TODAY.minusDays(60));
  }

  private List<LocalDate> days(String scope, LocalDate from) {
    return jdbc.sql(
            "SELECT day FROM dungji_issuance_count WHERE scope = ? AND day >= ? ORDER BY day")
        .param(scope)
        .param(from)
        .query(LocalDate.class)
        .list();
  }
}
