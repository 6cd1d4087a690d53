package dev.taskrow.spring;

import static dev.taskrow.test.StartupFailure.failureSays;

import dev.taskrow.core.TaskKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** A bad setting stops start-up with a message that names it. */
class TaskrowPropertiesValidationTest {

  private static ApplicationContextRunner withGreeting() {
    return TestContexts.runner()
        .withBean(
            TaskDefinition.class,
            () -> TaskDefinition.of(TaskKind.named("greet").build(), context -> {}));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "taskrow.worker.poll-interval=0s      | field 'worker.pollInterval'",
        "taskrow.worker.poll-interval=2m      | field 'worker.pollInterval'",
        "taskrow.worker.queues.default=0      | field 'worker.queues[default]'",
        "taskrow.worker.default-concurrency=0 | field 'worker.defaultConcurrency'",
        "taskrow.worker.batch-size=0          | field 'worker.batchSize'",
        "taskrow.kinds.greet.lease=0s         | field 'kinds[greet].lease'",
        "taskrow.kinds.greet.max-attempts=0   | field 'kinds[greet].maxAttempts'",
        "taskrow.kinds.greet.max-snoozes=-1   | field 'kinds[greet].maxSnoozes'",
        "taskrow.kinds.greet.time-limit=0s    | field 'kinds[greet].timeLimit'",
        "taskrow.kinds.greet.commit-batch=0   | field 'kinds[greet].commitBatch'",
        "taskrow.kinds.greet.commit-batch=65  | field 'kinds[greet].commitBatch'",
        "taskrow.kinds.greet.time-limit=-5s   | field 'kinds[greet].timeLimit'",
        "taskrow.kinds.greet.retry.jitter=1.5 | field 'kinds[greet].retry.jitter'",
      })
  void failsStartUpNamingTheProperty(String property, String named) {
    withGreeting()
        .withPropertyValues(property)
        .run(failureSays("Binding validation errors on taskrow", named));
  }

  @Test
  void anOverrideOfAnUnknownKindFailsStartUp() {
    withGreeting()
        .withPropertyValues("taskrow.kinds.gret.max-attempts=3")
        .run(failureSays("taskrow.kinds.gret", "unknown task kind"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "0  | greet: concurrency limit must be at least 1, was 0",
        "-3 | greet: concurrency limit must be at least 1, was -3",
      })
  void aZeroOrNegativeConcurrencyLimitFailsStartUpNamingTheKind(String limit, String message) {
    withGreeting()
        .withPropertyValues(
            "taskrow.kinds.greet.concurrency-key=mart:{martId}",
            "taskrow.kinds.greet.concurrency-limit=" + limit)
        .run(failureSays("taskrow.kinds.greet is invalid", message));
  }

  @Test
  void aConcurrencyLimitWithoutAKeyOrABadKeyFailsStartUpNamingTheKind() {
    withGreeting()
        .withPropertyValues("taskrow.kinds.greet.concurrency-limit=2")
        .run(failureSays("taskrow.kinds.greet is invalid", "needs both concurrency-key"));
    withGreeting()
        .withPropertyValues(
            "taskrow.kinds.greet.concurrency-key=mart:{martId",
            "taskrow.kinds.greet.concurrency-limit=2")
        .run(failureSays("taskrow.kinds.greet is invalid", "'{' without its '}'"));
  }

  @Test
  void aRetryPolicyThatCannotBeBuiltFailsStartUp() {
    withGreeting()
        .withPropertyValues(
            "taskrow.kinds.greet.retry.initial-delay=10m", "taskrow.kinds.greet.retry.max-delay=1m")
        .run(failureSays("taskrow.kinds.greet", "initialDelay <= maxDelay"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "taskrow.kinds.greet.schedule.cron=0 25 * * * | greet: schedule: cron expression '0 25 * * *' is invalid",
        "taskrow.kinds.greet.schedule.every=0s        | greet: schedule: interval must be at least 1 s, was PT0S",
        "taskrow.kinds.greet.schedule.every=-1m       | greet: schedule: interval must be at least 1 s, was PT-1M",
        "taskrow.kinds.greet.schedule.misfire=every-slot | schedule.misfire needs schedule.cron or schedule.every",
      })
  void aBadScheduleFailsStartUpNamingTheKindAndWhatIsWrong(String property, String message) {
    withGreeting()
        .withPropertyValues(property)
        .run(failureSays("taskrow.kinds.greet is invalid", message));
  }

  @Test
  void aScheduleWithBothACronAndAnIntervalOrAnUnknownZoneFailsStartUp() {
    withGreeting()
        .withPropertyValues(
            "taskrow.kinds.greet.schedule.cron=0 3 * * *", "taskrow.kinds.greet.schedule.every=1m")
        .run(failureSays("taskrow.kinds.greet is invalid", "set schedule.cron or schedule.every"));
    withGreeting()
        .withPropertyValues(
            "taskrow.kinds.greet.schedule.cron=0 3 * * *",
            "taskrow.kinds.greet.schedule.zone=Asia/Busan")
        .run(failureSays("taskrow.kinds.greet is invalid", "Asia/Busan"));
    withGreeting()
        .withPropertyValues("taskrow.kinds.greet.schedule.max-missed-slots=0")
        .run(
            failureSays(
                "Binding validation errors on taskrow", "kinds[greet].schedule.maxMissedSlots"));
  }

  @Test
  void redisSignalsWithoutTheRedisModuleFailStartUp() {
    withGreeting()
        .withPropertyValues("taskrow.signals=redis")
        .run(failureSays("taskrow.signals=redis needs the taskrow Redis module"));
  }

  @Test
  void aQueueWithoutHandlerFailsStartUp() {
    withGreeting()
        .withPropertyValues("taskrow.worker.queues.imports=2")
        .run(failureSays("taskrow.worker.queues.imports", "no TaskDefinition bean handles"));
  }
}
