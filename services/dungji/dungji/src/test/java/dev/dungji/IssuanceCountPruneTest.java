package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.dungji.registry.RegistryTasks;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
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
 * settable one moved across days), and removes the rest.
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

  @Test
  void aPruneRunKeepsTodayAndTheKeptDaysAndRemovesOlderRows() throws Exception {
    for (int back : List.of(0, 1, 3, 4, 30)) {
      count("user:1", TODAY.minusDays(back));
      count("nest:9", TODAY.minusDays(back));
    }
    // 10:00 in Seoul on TODAY.
    clock.set(TODAY.atTime(10, 0).atZone(java.time.ZoneId.of("Asia/Seoul")).toInstant());

    // Declared like the orphan sweep: one attempt per slot; this class sets no schedule (0s).
    assertThat(taskrow.kind(RegistryTasks.QUOTA_PRUNE_KIND).maxAttempts()).isEqualTo(1);
    assertThat(taskrow.kind(RegistryTasks.QUOTA_PRUNE_KIND).schedule()).isNull();
    UUID id = taskrow.submit(NewTask.of(RegistryTasks.QUOTA_PRUNE_KIND));
    Task done = awaitSuccess(id);

    assertThat(days("user:1")).containsExactly(TODAY.minusDays(3), TODAY.minusDays(1), TODAY);
    assertThat(days("nest:9")).containsExactly(TODAY.minusDays(3), TODAY.minusDays(1), TODAY);
    assertThat(done.result()).contains("\"kept_from\": \"" + TODAY.minusDays(3) + "\"");

    // A day later the oldest kept day goes too; nothing else.
    clock.set(clock.instant().plus(Duration.ofDays(1)));
    UUID next = taskrow.submit(NewTask.of(RegistryTasks.QUOTA_PRUNE_KIND));
    Task second = awaitSuccess(next);
    assertThat(days("user:1")).containsExactly(TODAY.minusDays(1), TODAY);
    assertThat(second.result()).contains("\"removed\": ");
  }

  private Task awaitSuccess(UUID id) {
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
    return jdbc.sql(
            "SELECT day FROM dungji_issuance_count WHERE scope = ? AND day >= ? ORDER BY day")
        .param(scope)
        .param(TODAY.minusDays(60))
        .query(LocalDate.class)
        .list();
  }
}
