package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Task changes received from other instances are decoded once, and only for who reads them. */
class TaskChangeCodecTest {
  private static final List<TaskChange> CHANGES =
      List.of(
          new TaskChange(UUID.randomUUID(), "default", TaskStatus.PROCESSING),
          new TaskChange(UUID.randomUUID(), "other", TaskStatus.SUCCESS));

  private static final class Reader implements SignalListener {
    final List<TaskChange> received = new ArrayList<>();

    @Override
    public void onTaskChanged(TaskChange change) {
      received.add(change);
    }
  }

  private static final class WorkOnly implements SignalListener {
    @Override
    public void onQueueHasWork(String queue) {}
  }

  private static String payload() {
    List<String> payloads = TaskChangeCodec.encode(CHANGES, 7800);
    assertThat(payloads).hasSize(1);
    return payloads.getFirst();
  }

  @Test
  void aPayloadIsNotDecodedWhenNoListenerReadsTaskChanges() {
    assertThat(TaskChangeCodec.deliver(payload(), List.of(new WorkOnly(), new WorkOnly())))
        .isZero();
  }

  @Test
  void aPayloadIsDecodedOnceForEveryListenerThatReadsTaskChanges() {
    Reader first = new Reader();
    Reader second = new Reader();
    assertThat(TaskChangeCodec.deliver(payload(), List.of(new WorkOnly(), first, second)))
        .isEqualTo(CHANGES.size());
    assertThat(first.received).isEqualTo(CHANGES);
    assertThat(second.received).isEqualTo(CHANGES);
  }

  @Test
  void aListenerThatFailsDoesNotKeepTheChangesFromTheNext() {
    Reader after = new Reader();
    SignalListener failing =
        new SignalListener() {
          @Override
          public void onTaskChanged(TaskChange change) {
            throw new IllegalStateException("a listener's bug");
          }
        };
    TaskChangeCodec.deliver(payload(), List.of(failing, after));
    assertThat(after.received).isEqualTo(CHANGES);
  }
}
