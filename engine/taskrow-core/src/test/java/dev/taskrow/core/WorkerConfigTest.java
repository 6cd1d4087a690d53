package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The builder's settings, fixed and checked in a WorkerConfig: no database needed. */
class WorkerConfigTest {
  private final Taskrow taskrow =
      Taskrow.builder(null)
          .kind(TaskKind.named("a").queue("q1").lease(Duration.ofSeconds(30)).build())
          .kind(TaskKind.named("b").queue("q1").lease(Duration.ofSeconds(9)).build())
          .kind(TaskKind.named("c").queue("q2").build())
          .build();
  private final TaskHandler nothing = ctx -> {};

  @Test
  void theDefaultsAreFilledIn() {
    WorkerConfig config =
        taskrow.worker().queue("q1", 4).handler("a", nothing).handler("b", nothing).config();

    assertThat(config.id()).isNotBlank();
    assertThat(config.heartbeatInterval()).as("a third of the shortest lease").hasSeconds(3);
    assertThat(config.pollInterval()).isEqualTo(Duration.ofSeconds(1));
    assertThat(config.batchSizeOf("q1")).as("never more than the concurrency").isEqualTo(4);
    assertThat(config.kindsOf("q1")).extracting(TaskKind::name).containsExactly("a", "b");
    assertThat(config.prunes()).isFalse();
  }

  @Test
  void theLeaseSweepRunsATenthOfTheShortestLeaseApartButNeverMoreOftenThanThePoll() {
    WorkerConfig leases30And9 =
        taskrow.worker().queue("q1", 4).handler("a", nothing).handler("b", nothing).config();
    assertThat(leases30And9.leaseSweepInterval())
        .as("9 s / 10 is under the 1 s poll")
        .isEqualTo(Duration.ofSeconds(1));

    WorkerConfig lease30 = taskrow.worker().queue("q1", 4).handler("a", nothing).config();
    assertThat(lease30.leaseSweepInterval()).isEqualTo(Duration.ofSeconds(3));

    WorkerConfig slowPoll =
        taskrow
            .worker()
            .queue("q1", 4)
            .handler("a", nothing)
            .pollInterval(Duration.ofSeconds(5))
            .config();
    assertThat(slowPoll.leaseSweepInterval()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void theBuiltConfigNoLongerChangesWithTheBuilder() {
    Worker.Builder builder = taskrow.worker().id("w").queue("q1", 2).handler("a", nothing);
    WorkerConfig config = builder.config();

    builder.queue("q2", 3).handler("c", nothing).id("other").pollInterval(Duration.ofMillis(50));

    assertThat(config.id()).isEqualTo("w");
    assertThat(config.queues()).containsOnlyKeys("q1");
    assertThat(config.handlers()).containsOnlyKeys("a");
    assertThat(config.pollInterval()).isEqualTo(Duration.ofSeconds(1));
    assertThatThrownBy(() -> config.queues().put("q3", 1))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void queuesKeepTheirOrder() {
    WorkerConfig config =
        taskrow
            .worker()
            .queue("q2", 1)
            .queue("q1", 1)
            .handler("a", nothing)
            .handler("c", nothing)
            .config();
    assertThat(config.queues().keySet()).containsExactly("q2", "q1");
  }

  @Test
  void aWorkerNeedsAQueue() {
    assertThatThrownBy(() -> taskrow.worker().build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a worker needs at least one queue");
  }

  @Test
  void aHandlersQueueMustBeRun() {
    assertThatThrownBy(() -> taskrow.worker().queue("q1", 1).handler("c", nothing).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("handler for c but its queue q2 is not run by this worker");
  }

  @Test
  void aQueueMustHaveAHandler() {
    assertThatThrownBy(
            () -> taskrow.worker().queue("q1", 1).queue("q2", 1).handler("a", nothing).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queue q2 has no handler in this worker");
  }

  @Test
  void outOfRangeSettingsAreRefusedWhenGiven() {
    assertThatThrownBy(() -> taskrow.worker().queue("q1", 0))
        .hasMessage("queue q1: concurrency must be 1..10000, was 0");
    assertThatThrownBy(() -> taskrow.worker().pollInterval(Duration.ofMillis(5)))
        .hasMessageStartingWith("pollInterval must be 10 ms..1 min");
    assertThatThrownBy(() -> taskrow.worker().batchSize(10_001))
        .hasMessage("batchSize must be 1..10000, was 10001");
    assertThatThrownBy(() -> taskrow.worker().completionBatchSize(0))
        .hasMessage("completionBatchSize must be positive");
    assertThatThrownBy(() -> taskrow.worker().handler("nope", nothing))
        .hasMessageContaining("unknown task kind: nope");
  }
}
