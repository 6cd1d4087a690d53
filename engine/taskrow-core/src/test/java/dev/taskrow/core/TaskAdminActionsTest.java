package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** The admin actions: each changes what it says, and writes its audit row with it. */
class TaskAdminActionsTest extends AdminTest {
  private static final String OPS = "account:7";

  @Test
  void aRerunIsANewLinkedRowAndTheFailedRowStaysFinal() throws Exception {
    UUID parent = taskrow.submit(NewTask.of("issue").subject("nest:1"));
    succeed(parent);
    UUID failed =
        taskrow.submit(
            NewTask.of("ocr")
                .subject("nest:1")
                .payload("{\"page\": 3}")
                .priority(5)
                .parent(parent));
    fail(failed, "OCR_FAILED", "no text on page 3");
    Task before = find(taskrow, failed);
    clock.advance(Duration.ofMinutes(1));

    RerunResult rerun = admin.rerun(OPS, failed);

    assertThat(find(taskrow, failed)).isEqualTo(before);
    Task fresh = find(taskrow, rerun.newTaskId());
    assertThat(fresh.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(fresh.kind()).isEqualTo("ocr");
    assertThat(fresh.subject()).isEqualTo("nest:1");
    assertThat(fresh.payload()).isEqualTo("{\"page\": 3}");
    assertThat(fresh.priority()).isEqualTo(5);
    assertThat(fresh.parentId()).isEqualTo(parent);
    assertThat(fresh.attemptCount()).isZero();

    TaskDetail newDetail = admin.detail(rerun.newTaskId()).orElseThrow();
    assertThat(newDetail.rerunOfId()).isEqualTo(failed);
    assertThat(newDetail.rerunOf().id()).isEqualTo(failed);
    assertThat(newDetail.parent().id()).isEqualTo(parent);
    TaskDetail failedDetail = admin.detail(failed).orElseThrow();
    assertThat(failedDetail.reruns()).extracting(Task::id).containsExactly(rerun.newTaskId());
    assertThat(failedDetail.audit())
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.actor()).isEqualTo(OPS);
              assertThat(entry.action()).isEqualTo("RERUN");
              assertThat(entry.taskIds()).containsExactly(failed);
              assertThat(entry.affected()).isEqualTo(1);
              assertThat(entry.at()).isEqualTo(clock.instant());
            });
    assertThat(admin.detail(parent).orElseThrow().children())
        .extracting(Task::id)
        .containsExactly(failed, rerun.newTaskId());

    // Once re-run, the failed row is not re-run again: its re-run is the subject's task now.
    refused(() -> admin.rerun(OPS, failed), AdminRefusal.Code.TASK_SUPERSEDED);
  }

  @Test
  void aSubmitInTheSameMillisecondSupersedesTheFailedTask() throws Exception {
    // created_at has whole milliseconds since ids are UUIDv7 (the id's): of two tasks of one
    // millisecond the
    // later submit is the newer one, by its id.
    UUID failed = taskrow.submit(NewTask.of("issue").subject("nest:same-ms"));
    fail(failed, "ISSUER_TIMEOUT", "slow");
    UUID next = taskrow.submit(NewTask.of("issue").subject("nest:same-ms"));
    assertThat(TaskIds.createdAt(next)).isEqualTo(TaskIds.createdAt(failed));

    refused(() -> admin.rerun(OPS, failed), AdminRefusal.Code.TASK_SUPERSEDED);
    assertThat(admin.previewRerun(TaskFilter.any().withSubject("nest:same-ms")).count()).isZero();
  }

  @Test
  void onlyAFailedTaskIsRerunAndARefusalWritesNothing() throws Exception {
    UUID pending = taskrow.submit(NewTask.of("issue"));
    UUID done = taskrow.submit(NewTask.of("issue"));
    succeed(done);
    long tasks = count("select count(*) from taskrow_task");

    refused(() -> admin.rerun(OPS, pending), AdminRefusal.Code.TASK_NOT_FAILED);
    refused(() -> admin.rerun(OPS, done), AdminRefusal.Code.TASK_NOT_FAILED);
    refused(() -> admin.rerun(OPS, UUID.randomUUID()), AdminRefusal.Code.TASK_NOT_FOUND);
    assertThatThrownBy(() -> admin.rerun(OPS, pending))
        .hasMessage("task " + pending + " is PENDING; only a FAILED task is re-run");

    assertThat(count("select count(*) from taskrow_task")).isEqualTo(tasks);
    assertThat(auditRows()).isZero();
  }

  @Test
  void aFailedTaskWhoseSubjectHasANewerTaskIsNotRerun() throws Exception {
    UUID failed = taskrow.submit(NewTask.of("issue").subject("nest:9"));
    fail(failed, "ISSUER_TIMEOUT", "slow");
    clock.advance(Duration.ofSeconds(1));
    UUID newer = taskrow.submit(NewTask.of("issue").subject("nest:9"));

    assertThatThrownBy(() -> admin.rerun(OPS, failed))
        .isInstanceOf(AdminRefusal.class)
        .hasMessageContaining(newer.toString());
    assertThat(admin.previewRerun(TaskFilter.any()).count()).isZero();
  }

  @Test
  void aFailedTaskOfAKindThisProcessDoesNotRegisterIsNotRerun() throws Exception {
    UUID failed = taskrow.submit(NewTask.of("import"));
    fail(failed, "X", "x");
    TaskAdmin elsewhere = TaskAdmin.of(engine(kind("issue").build()));
    refused(() -> elsewhere.rerun(OPS, failed), AdminRefusal.Code.KIND_NOT_REGISTERED);
    assertThat(elsewhere.previewRerun(TaskFilter.any()).count()).isZero();
  }

  @Test
  void aBulkRerunActsOnWhatItsDryRunCountedAndNeverOnMore() throws Exception {
    List<UUID> timeouts = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      UUID id = taskrow.submit(NewTask.of("issue").subject("nest:" + i));
      fail(id, "ISSUER_TIMEOUT", "slow " + i);
      timeouts.add(id);
    }
    for (int i = 0; i < 5; i++) {
      fail(taskrow.submit(NewTask.of("issue")), "DUPLICATE_PAYMENT", "paid");
    }
    TaskFilter filter = TaskFilter.any().withErrorCode("ISSUER_TIMEOUT");
    BulkPreview preview = admin.previewRerun(filter);
    assertThat(preview.count()).isEqualTo(30);
    assertThat(preview.overLimit()).isFalse();

    refused(() -> admin.rerunAll(OPS, filter, 29), AdminRefusal.Code.BULK_COUNT_MISMATCH);
    assertThat(count("select count(*) from taskrow_task where rerun_of is not null")).isZero();
    assertThat(auditRows()).isZero();

    clock.advance(Duration.ofSeconds(1));
    BulkResult result = admin.rerunAll(OPS, filter, preview.count());

    assertThat(result.affected()).isEqualTo(30);
    assertThat(result.newTaskIds()).hasSize(30);
    assertThat(
            count(
                "select count(*) from taskrow_task where status = 'PENDING'"
                    + " and rerun_of is not null"))
        .isEqualTo(30);
    assertThat(count("select count(*) from taskrow_task where error_code = 'ISSUER_TIMEOUT'"))
        .isEqualTo(30);
    AuditEntry entry = admin.audit(null, 10).getFirst();
    assertThat(entry.action()).isEqualTo("BULK_RERUN");
    assertThat(entry.affected()).isEqualTo(30);
    assertThat(entry.taskIds()).containsExactlyInAnyOrderElementsOf(timeouts);
    assertThat(entry.filter()).contains("\"error_code\": \"ISSUER_TIMEOUT\"");
    assertThat(admin.detail(timeouts.getFirst()).orElseThrow().audit())
        .extracting(AuditEntry::id)
        .containsExactly(entry.id());

    // Done once: the dry run finds nothing left, and a second confirmation changes nothing.
    assertThat(admin.previewRerun(filter).count()).isZero();
    assertThat(admin.rerunAll(OPS, filter, 30).affected()).isZero();
  }

  @Test
  void aBulkCancelCancelsTheIdleAndAsksTheRunningToStop() throws Exception {
    List<UUID> queued = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      queued.add(taskrow.submit(NewTask.of("import")));
    }
    markRunning(queued.getFirst());
    UUID otherQueue = taskrow.submit(NewTask.of("ocr"));
    UUID finished = taskrow.submit(NewTask.of("import"));
    succeed(finished);
    TaskFilter filter = TaskFilter.any().withQueue("import");

    assertThat(admin.previewCancel(filter).count()).isEqualTo(12);
    refused(() -> admin.cancelAll(OPS, filter, 11), AdminRefusal.Code.BULK_COUNT_MISMATCH);
    BulkResult result = admin.cancelAll(OPS, filter, 12);

    assertThat(result.affected()).isEqualTo(12);
    assertThat(result.cancelled()).isEqualTo(11);
    assertThat(result.cancelRequested()).isEqualTo(1);
    assertThat(find(taskrow, queued.get(1)).errorCode()).isEqualTo(ErrorCodes.CANCELLED);
    assertThat(find(taskrow, queued.getFirst()).cancelRequested()).isTrue();
    assertThat(find(taskrow, otherQueue).status()).isEqualTo(TaskStatus.PENDING);
    assertThat(find(taskrow, finished).status()).isEqualTo(TaskStatus.SUCCESS);
    assertThat(count("select affected from taskrow_admin_audit where action = 'BULK_CANCEL'"))
        .isEqualTo(12);
    refused(
        () -> admin.previewCancel(filter.withStatus(TaskStatus.FAILED)),
        AdminRefusal.Code.INVALID_FILTER);
    refused(
        () -> admin.cancelAll(OPS, filter, TaskAdmin.BULK_LIMIT + 1),
        AdminRefusal.Code.INVALID_FILTER);
  }

  @Test
  void aCancelIsAuditedWithItsOutcome() throws Exception {
    UUID id = taskrow.submit(NewTask.of("issue"));
    assertThat(admin.cancel(OPS, id)).isEqualTo(CancelOutcome.CANCELLED);
    assertThat(admin.cancel(OPS, id)).isEqualTo(CancelOutcome.ALREADY_FINAL);
    refused(() -> admin.cancel(OPS, UUID.randomUUID()), AdminRefusal.Code.TASK_NOT_FOUND);

    assertThat(admin.detail(id).orElseThrow().audit())
        .extracting(AuditEntry::action, AuditEntry::affected, AuditEntry::detail)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("CANCEL", 0, "ALREADY_FINAL"),
            org.assertj.core.groups.Tuple.tuple("CANCEL", 1, "CANCELLED"));
  }

  @Test
  void pauseAndResumeAreAuditedAndAnUnknownQueueIsRefusedByName() throws Exception {
    assertThat(admin.pause(OPS, "ocr")).isTrue();
    assertThat(admin.pause(OPS, "ocr")).isFalse();
    assertThat(taskrow.pausedQueues()).containsExactly("ocr");
    assertThat(admin.resume(OPS, "ocr")).isTrue();
    assertThat(taskrow.pausedQueues()).isEmpty();
    assertThatThrownBy(() -> admin.pause(OPS, "ocrr"))
        .isInstanceOf(AdminRefusal.class)
        .hasMessage("unknown queue: ocrr; queues of the registered kinds: [import, issuance, ocr]");

    assertThat(admin.audit(null, 10))
        .extracting(AuditEntry::action, AuditEntry::queue, AuditEntry::affected)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("RESUME", "ocr", 1),
            org.assertj.core.groups.Tuple.tuple("PAUSE", "ocr", 0),
            org.assertj.core.groups.Tuple.tuple("PAUSE", "ocr", 1));
  }

  @Test
  void countsPerQueueAndFailuresGroupedByKindAndCode() throws Exception {
    Instant start = clock.instant();
    taskrow.submit(NewTask.of("issue"));
    markRunning(taskrow.submit(NewTask.of("issue")));
    succeed(taskrow.submit(NewTask.of("ocr")));
    fail(taskrow.submit(NewTask.of("ocr")), "OCR_FAILED", "old message");
    clock.advance(Duration.ofSeconds(1));
    UUID newest = taskrow.submit(NewTask.of("ocr"));
    fail(newest, "OCR_FAILED", "newest message");
    fail(taskrow.submit(NewTask.of("issue")), "ISSUER_TIMEOUT", "slow");
    admin.pause(OPS, "import");

    assertThat(admin.queueCounts(start))
        .containsExactly(
            new QueueCounts("import", 0, 0, 0, 0, 0, true),
            new QueueCounts("issuance", 1, 1, 0, 0, 1, false),
            new QueueCounts("ocr", 0, 0, 0, 1, 2, false));
    assertThat(admin.queueCounts(clock.instant().plusSeconds(1)).get(2).failed()).isZero();

    List<FailureGroup> groups = admin.failureGroups(start, 10);
    assertThat(groups)
        .extracting(FailureGroup::kind, FailureGroup::errorCode, FailureGroup::count)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ocr", "OCR_FAILED", 2L),
            org.assertj.core.groups.Tuple.tuple("issue", "ISSUER_TIMEOUT", 1L));
    assertThat(groups.getFirst().newestTaskId()).isEqualTo(newest);
    assertThat(groups.getFirst().newestMessage()).isEqualTo("newest message");
  }

  private static void refused(ThrowingCallable call, AdminRefusal.Code code) {
    assertThatThrownBy(call)
        .isInstanceOf(AdminRefusal.class)
        .extracting(e -> ((AdminRefusal) e).code())
        .isEqualTo(code);
  }
}
