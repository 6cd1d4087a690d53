package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * The tracing port: the submitter's context is stored on the row, the handler runs in a span that
 * is current on its thread (so a follow-up carries it), the span learns how the attempt ended, and
 * a failing implementation breaks nothing. The Micrometer implementation is tested in the Spring
 * module.
 */
class TracingTest extends EngineTest {

  /** A tracer in a thread-local: the current context is a string, a span's is "span:<task id>". */
  static final class RecordingTracing implements TaskTracing {
    static final ThreadLocal<String> current = new ThreadLocal<>();
    final Queue<String> ended = new ConcurrentLinkedQueue<>();

    @Override
    public String currentContext() {
      return current.get();
    }

    @Override
    public AttemptSpan startAttempt(Task task) {
      String outer = current.get();
      Thread thread = Thread.currentThread();
      current.set("span:" + task.id());
      return (outcome, errorCode, error) -> {
        boolean sameThread = Thread.currentThread() == thread;
        current.set(outer);
        ended.add(
            task.kind()
                + " parent="
                + task.traceParent()
                + " "
                + outcome
                + (errorCode == null ? "" : " " + errorCode)
                + (sameThread ? "" : " ON ANOTHER THREAD"));
      };
    }
  }

  private Taskrow engine(TaskTracing tracing) {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .tracing(tracing)
        .kind(kind("issue").queue("issuance").maxAttempts(1).build())
        .kind(kind("ocr").queue("ocr").maxAttempts(1).build())
        .build();
  }

  private void runChain(Taskrow taskrow) {
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("issuance", 1)
            .queue("ocr", 1)
            .handler("issue", ctx -> ctx.submit(NewTask.of("ocr").subject("file:1")))
            .handler(
                "ocr",
                ctx -> {
                  if (ctx.payload().contains("fail")) {
                    throw TaskFailure.fatal("OCR_FAILED", "no text");
                  }
                }));
  }

  @Test
  void theSubmittersContextIsStoredAndTheFollowUpCarriesTheHandlersSpan() throws Exception {
    RecordingTracing tracing = new RecordingTracing();
    Taskrow taskrow = engine(tracing);
    UUID issue;
    RecordingTracing.current.set("request-1");
    try {
      issue = taskrow.submit(NewTask.of("issue").subject("nest:1"));
    } finally {
      RecordingTracing.current.remove();
    }
    assertThat(find(taskrow, issue).traceParent()).isEqualTo("request-1");

    runChain(taskrow);
    awaitStatus(taskrow, issue, TaskStatus.SUCCESS);
    Task ocr = taskrow.findBySubject("file:1", 1).getFirst();
    awaitStatus(taskrow, ocr.id(), TaskStatus.SUCCESS);

    assertThat(ocr.traceParent()).isEqualTo("span:" + issue);
    awaitTrue(() -> tracing.ended.size() == 2);
    assertThat(tracing.ended)
        .containsExactly(
            "issue parent=request-1 SUCCEEDED", "ocr parent=span:" + issue + " SUCCEEDED");
  }

  @Test
  void everySubmitPathStoresTheContext() throws Exception {
    Taskrow taskrow = engine(new RecordingTracing());
    RecordingTracing.current.set("request-2");
    List<UUID> batch;
    Submission created;
    try {
      batch = taskrow.inTransaction(tx -> taskrow.submitAll(tx, List.of(NewTask.of("ocr"))));
      created = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:2"));
    } finally {
      RecordingTracing.current.remove();
    }
    assertThat(find(taskrow, batch.getFirst()).traceParent()).isEqualTo("request-2");
    assertThat(find(taskrow, created.taskId()).traceParent()).isEqualTo("request-2");
    // Outside any trace nothing is stored.
    UUID untraced = taskrow.submit(NewTask.of("ocr"));
    assertThat(find(taskrow, untraced).traceParent()).isNull();
  }

  @Test
  void theSpanLearnsTheFailuresCode() throws Exception {
    RecordingTracing tracing = new RecordingTracing();
    Taskrow taskrow = engine(tracing);
    UUID ocr = taskrow.submit(NewTask.of("ocr").payload("{\"fail\": true}"));
    runChain(taskrow);
    awaitStatus(taskrow, ocr, TaskStatus.FAILED);
    awaitTrue(() -> tracing.ended.size() == 1);
    assertThat(tracing.ended).containsExactly("ocr parent=null FAILED OCR_FAILED");
  }

  @Test
  void withoutTracingNothingIsStored() throws Exception {
    Taskrow taskrow = engine(TaskTracing.NONE);
    UUID issue = taskrow.submit(NewTask.of("issue").subject("nest:3"));
    runChain(taskrow);
    awaitStatus(taskrow, issue, TaskStatus.SUCCESS);
    Task ocr = taskrow.findBySubject("file:1", 1).getFirst();
    awaitStatus(taskrow, ocr.id(), TaskStatus.SUCCESS);
    assertThat(count("select count(*) from taskrow_task where trace_parent is not null")).isZero();
  }

  @Test
  void aTracingThatThrowsBreaksNeitherSubmitNorHandler() throws Exception {
    TaskTracing broken =
        new TaskTracing() {
          @Override
          public String currentContext() {
            throw new IllegalStateException("tracer broken");
          }

          @Override
          public AttemptSpan startAttempt(Task task) {
            if (task.kind().equals("issue")) {
              throw new IllegalStateException("tracer broken");
            }
            return (outcome, errorCode, error) -> {
              throw new IllegalStateException("tracer broken at the end");
            };
          }
        };
    Taskrow taskrow = engine(broken);
    UUID issue = taskrow.submit(NewTask.of("issue").subject("nest:4"));
    runChain(taskrow);
    awaitStatus(taskrow, issue, TaskStatus.SUCCESS);
    Task ocr = taskrow.findBySubject("file:1", 1).getFirst();
    awaitStatus(taskrow, ocr.id(), TaskStatus.SUCCESS);
    assertThat(ocr.traceParent()).isNull();
  }
}
