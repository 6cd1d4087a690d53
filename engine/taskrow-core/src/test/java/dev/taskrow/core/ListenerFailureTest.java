package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;

/**
 * A listener is an observer: when it throws, the engine logs it and goes on exactly as if it had
 * not. The throwing listener is registered first, so the listeners after it must still be told.
 */
class ListenerFailureTest extends EngineTest {
  private final RecordingListener recorder = new RecordingListener();
  private final ListAppender<ILoggingEvent> log = new ListAppender<>();
  private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

  @BeforeEach
  void captureLog() {
    log.start();
    root.addAppender(log);
  }

  @AfterEach
  void releaseLog() {
    root.detachAppender(log);
  }

  @Test
  void aListenerThrowingOnClaimedDoesNotKeepTheTaskFromRunning() throws Exception {
    Taskrow taskrow =
        engine(
            new TaskListener() {
              @Override
              public void onClaimed(TaskEvent event, Duration waited) {
                throw new IllegalStateException("metrics backend down");
              }
            },
            true);
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(taskrow, ctx -> ctx.result("{\"ran\": true}"));

    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    assertThat(find(taskrow, id).result()).isEqualTo("{\"ran\": true}");
    awaitTrue(() -> recorder.succeeded.contains(id));
    assertThat(recorder.claimed).containsExactly(id);
    assertThat(warnings("metrics backend down")).isNotEmpty();
  }

  @ParameterizedTest(name = "transactional: {0}")
  @ValueSource(booleans = {true, false})
  void aListenerThrowingOnSucceededDoesNotTurnTheSuccessIntoALostLease(boolean transactional)
      throws Exception {
    Taskrow taskrow =
        engine(
            new TaskListener() {
              @Override
              public void onSucceeded(TaskEvent event, Duration runTime) {
                throw new IllegalStateException("metrics backend down");
              }
            },
            transactional);
    UUID id = taskrow.submit(NewTask.of("k"));
    Worker worker = runKind(taskrow, ctx -> {});

    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    // Once shut down, every listener call about the task has been made.
    worker.shutdown(Duration.ofSeconds(5));

    assertThat(recorder.leaseLost).isEmpty();
    assertThat(recorder.failed).isEmpty();
    assertThat(recorder.succeeded).containsExactly(id);
    assertThat(find(taskrow, id).status()).isEqualTo(TaskStatus.SUCCESS);
    assertThat(warnings("lost the lease")).isEmpty();
    assertThat(warnings("metrics backend down")).isNotEmpty();
  }

  private Taskrow engine(TaskListener throwing, boolean transactional) {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .listener(throwing)
        .listener(recorder)
        .kind(kind("k").transactional(transactional).build())
        .build();
  }

  /** Warnings and errors whose message or exception mentions {@code text}. */
  private List<ILoggingEvent> warnings(String text) {
    return log.list.stream()
        .filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
        .filter(
            e ->
                e.getFormattedMessage().contains(text)
                    || (e.getThrowableProxy() != null
                        && String.valueOf(e.getThrowableProxy().getMessage()).contains(text)))
        .toList();
  }
}
