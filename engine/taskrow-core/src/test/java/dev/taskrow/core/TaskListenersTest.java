package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The composite on its own: a throwing listener is contained, the next one is still called. */
class TaskListenersTest {
  private static final TaskEvent EVENT = new TaskEvent(UUID.randomUUID(), "k", "default", 1);

  @Test
  void everyCallbackReachesTheListenersAfterAThrowingOne() {
    RecordingListener recorder = new RecordingListener();
    TaskListeners listeners = new TaskListeners(List.of(new ThrowingListener(), recorder));

    listeners.onClaimed(EVENT, Duration.ZERO);
    listeners.onRescued(EVENT);
    listeners.onSucceeded(EVENT, Duration.ZERO);
    listeners.onRetryScheduled(EVENT, "TIMEOUT", Duration.ofSeconds(1));
    listeners.onFailed(EVENT, "TIMEOUT", Duration.ZERO);
    listeners.onLeaseLost(EVENT);

    assertThat(recorder.claimed).containsExactly(EVENT.taskId());
    assertThat(recorder.rescued).containsExactly(EVENT.taskId());
    assertThat(recorder.succeeded).containsExactly(EVENT.taskId());
    assertThat(recorder.retried).containsExactly(EVENT.taskId());
    assertThat(recorder.failedCodes).containsExactly("TIMEOUT");
    assertThat(recorder.leaseLost).containsExactly(EVENT.taskId());
  }

  @Test
  void anErrorOtherThanTheVmsOwnIsContainedToo() {
    RecordingListener recorder = new RecordingListener();
    TaskListener linkage =
        new TaskListener() {
          @Override
          public void onSucceeded(TaskEvent event, Duration runTime) {
            throw new NoClassDefFoundError("io/micrometer/core/instrument/Timer");
          }
        };
    new TaskListeners(List.of(linkage, recorder)).onSucceeded(EVENT, Duration.ZERO);
    assertThat(recorder.succeeded).containsExactly(EVENT.taskId());
  }

  @Test
  void theVmsOwnFailuresAreNotSwallowed() {
    TaskListener exhausted =
        new TaskListener() {
          @Override
          public void onClaimed(TaskEvent event, Duration waited) {
            throw new OutOfMemoryError("test");
          }
        };
    assertThatThrownBy(() -> new TaskListeners(List.of(exhausted)).onClaimed(EVENT, Duration.ZERO))
        .isInstanceOf(OutOfMemoryError.class);
  }

  private static final class ThrowingListener implements TaskListener {
    @Override
    public void onClaimed(TaskEvent event, Duration waited) {
      throw new IllegalStateException("onClaimed");
    }

    @Override
    public void onRescued(TaskEvent event) {
      throw new IllegalStateException("onRescued");
    }

    @Override
    public void onSucceeded(TaskEvent event, Duration runTime) {
      throw new IllegalStateException("onSucceeded");
    }

    @Override
    public void onRetryScheduled(TaskEvent event, String errorCode, Duration delay) {
      throw new IllegalStateException("onRetryScheduled");
    }

    @Override
    public void onFailed(TaskEvent event, String errorCode, Duration runTime) {
      throw new IllegalStateException("onFailed");
    }

    @Override
    public void onLeaseLost(TaskEvent event) {
      throw new IllegalStateException("onLeaseLost");
    }
  }
}
