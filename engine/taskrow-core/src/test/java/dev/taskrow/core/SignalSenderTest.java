package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SignalSenderTest {
  record Round(Set<String> queues, List<TaskChange> changes) {}

  @Test
  void whatIsAnnouncedWhileARoundIsSentGoesOutAsOneRoundEachQueueOnce() throws Exception {
    BlockingQueue<Round> rounds = new LinkedBlockingQueue<>();
    CountDownLatch firstRoundEntered = new CountDownLatch(1);
    CountDownLatch transportFree = new CountDownLatch(1);
    try (SignalSender sender =
        new SignalSender(
            "test-signal-sender",
            (queues, changes) -> {
              rounds.add(new Round(Set.copyOf(queues), List.copyOf(changes)));
              firstRoundEntered.countDown();
              await(transportFree);
            })) {
      sender.queueHasWork("first");
      assertThat(firstRoundEntered.await(5, TimeUnit.SECONDS)).isTrue();

      // The transport is busy with the first round: all of this waits for the next one.
      TaskChange started = new TaskChange(UUID.randomUUID(), "a", TaskStatus.PROCESSING);
      TaskChange done = new TaskChange(UUID.randomUUID(), "b", TaskStatus.SUCCESS);
      for (int i = 0; i < 500; i++) {
        sender.queueHasWork("a");
        sender.queueHasWork("b");
      }
      sender.tasksChanged(List.of(started));
      sender.tasksChanged(List.of(done));
      transportFree.countDown();

      assertThat(rounds.poll(5, TimeUnit.SECONDS)).isEqualTo(new Round(Set.of("first"), List.of()));
      assertThat(rounds.poll(5, TimeUnit.SECONDS))
          .isEqualTo(new Round(Set.of("a", "b"), List.of(started, done)));
      assertThat(rounds.poll(200, TimeUnit.MILLISECONDS)).isNull();
    }
  }

  @Test
  void aTransportThatThrowsDoesNotStopTheSender() throws Exception {
    BlockingQueue<Round> rounds = new LinkedBlockingQueue<>();
    try (SignalSender sender =
        new SignalSender(
            "test-signal-sender",
            (queues, changes) -> {
              rounds.add(new Round(Set.copyOf(queues), List.copyOf(changes)));
              throw new IllegalStateException("transport down");
            })) {
      sender.queueHasWork("a");
      assertThat(rounds.poll(5, TimeUnit.SECONDS)).isEqualTo(new Round(Set.of("a"), List.of()));
      sender.queueHasWork("b");
      assertThat(rounds.poll(5, TimeUnit.SECONDS)).isEqualTo(new Round(Set.of("b"), List.of()));
    }
  }

  @Test
  void aClosedSenderSendsNothingMore() throws Exception {
    BlockingQueue<Round> rounds = new LinkedBlockingQueue<>();
    SignalSender sender = recording(rounds, SignalSender.CHANGES_LINGER);
    sender.queueHasWork("q");
    assertThat(rounds.poll(5, TimeUnit.SECONDS)).isEqualTo(new Round(Set.of("q"), List.of()));

    sender.close();
    sender.queueHasWork("q");
    assertThat(rounds.poll(700, TimeUnit.MILLISECONDS)).isNull();
  }

  @Test
  void taskChangesAloneWaitForMoreAndWorkForAQueueGoesAtOnceTakingThemAlong() throws Exception {
    BlockingQueue<Round> rounds = new LinkedBlockingQueue<>();
    // A linger far longer than the test: only a queue's work can end it within the awaits.
    try (SignalSender sender = recording(rounds, Duration.ofSeconds(30))) {
      TaskChange started = new TaskChange(UUID.randomUUID(), "a", TaskStatus.PROCESSING);
      TaskChange done = new TaskChange(UUID.randomUUID(), "a", TaskStatus.SUCCESS);
      sender.tasksChanged(List.of(started));
      sender.tasksChanged(List.of(done));
      assertThat(rounds.poll(300, TimeUnit.MILLISECONDS)).as("changes alone wait").isNull();

      sender.queueHasWork("b");
      assertThat(rounds.poll(5, TimeUnit.SECONDS))
          .isEqualTo(new Round(Set.of("b"), List.of(started, done)));

      sender.queueHasWork("c");
      assertThat(rounds.poll(5, TimeUnit.SECONDS)).isEqualTo(new Round(Set.of("c"), List.of()));
    }
  }

  @Test
  void taskChangesAloneGoOutAfterTheLinger() throws Exception {
    BlockingQueue<Round> rounds = new LinkedBlockingQueue<>();
    try (SignalSender sender = recording(rounds, SignalSender.CHANGES_LINGER)) {
      TaskChange done = new TaskChange(UUID.randomUUID(), "a", TaskStatus.SUCCESS);
      sender.tasksChanged(List.of(done));
      assertThat(rounds.poll(5, TimeUnit.SECONDS)).isEqualTo(new Round(Set.of(), List.of(done)));
    }
  }

  /** A sender whose transport records each round. */
  private static SignalSender recording(BlockingQueue<Round> rounds, Duration changesLinger) {
    return new SignalSender(
        "test-signal-sender",
        (queues, changes) -> rounds.add(new Round(Set.copyOf(queues), List.copyOf(changes))),
        changesLinger);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
