package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The admin search: each filter, and keyset pages that neither repeat nor skip a row. */
class TaskAdminSearchTest extends AdminTest {

  @Test
  void eachFilterMatchesOnlyItsRows() throws Exception {
    UUID pending = taskrow.submit(NewTask.of("issue").subject("nest:1"));
    clock.advance(Duration.ofMinutes(1));
    Instant second = clock.instant();
    UUID failed = taskrow.submit(NewTask.of("issue").subject("nest:2"));
    fail(failed, "ISSUER_TIMEOUT", "slow");
    clock.advance(Duration.ofMinutes(1));
    UUID ocr = taskrow.submit(NewTask.of("ocr").subject("nest:2"));
    succeed(ocr);
    clock.advance(Duration.ofMillis(1));
    UUID otherFailure = taskrow.submit(NewTask.of("ocr"));
    fail(otherFailure, "OCR_FAILED", "no text");
    clock.advance(Duration.ofMillis(1));
    UUID running = taskrow.submit(NewTask.of("import"));
    markRunning(running);

    assertThat(ids(TaskFilter.any())).containsExactly(running, otherFailure, ocr, failed, pending);
    assertThat(ids(TaskFilter.any().withQueue("issuance"))).containsExactly(failed, pending);
    assertThat(ids(TaskFilter.any().withKind("ocr"))).containsExactly(otherFailure, ocr);
    assertThat(ids(TaskFilter.any().withStatus(TaskStatus.FAILED)))
        .containsExactly(otherFailure, failed);
    assertThat(ids(TaskFilter.any().withStatus(TaskStatus.PENDING))).containsExactly(pending);
    assertThat(ids(TaskFilter.any().withStatus(TaskStatus.PROCESSING))).containsExactly(running);
    assertThat(ids(TaskFilter.any().withStatus(TaskStatus.SUCCESS))).containsExactly(ocr);
    assertThat(ids(TaskFilter.any().withErrorCode("ISSUER_TIMEOUT"))).containsExactly(failed);
    assertThat(ids(TaskFilter.any().withErrorCode("OCR_FAILED").withStatus(TaskStatus.PENDING)))
        .isEmpty();
    assertThat(ids(TaskFilter.any().withSubject("nest:2"))).containsExactly(ocr, failed);
    assertThat(ids(TaskFilter.any().withCreated(second, null)))
        .containsExactly(running, otherFailure, ocr, failed);
    assertThat(ids(TaskFilter.any().withCreated(null, second))).containsExactly(pending);
    assertThat(ids(TaskFilter.any().withFinished(second.plusSeconds(30), null)))
        .containsExactly(otherFailure, ocr);
    assertThat(ids(TaskFilter.any().withKind("issue").withSubject("nest:2")))
        .containsExactly(failed);
  }

  @Test
  void pagesNeitherRepeatNorSkipARowWhileTasksAreSubmitted() throws Exception {
    // One batch: every row has the same created_at, so the order rests on the id alone.
    List<NewTask> batch = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      batch.add(NewTask.of(i % 2 == 0 ? "issue" : "ocr"));
    }
    Set<UUID> existing = new HashSet<>(taskrow.inTransaction(tx -> taskrow.submitAll(tx, batch)));
    for (int i = 0; i < 60; i++) {
      clock.advance(Duration.ofMillis(i % 3)); // some times repeat, some do not
      UUID id = taskrow.submit(NewTask.of("import"));
      if (i % 4 == 0) {
        fail(id, "BAD", "bad");
      } else if (i % 4 == 1) {
        succeed(id);
      }
      existing.add(id);
    }

    List<UUID> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      TaskPage page = admin.search(TaskFilter.any(), cursor, 7);
      page.tasks().forEach(task -> seen.add(task.id()));
      cursor = page.nextCursor();
      pages++;
      // Submitted while paging: newer than every row shown, so it sorts before the first page.
      clock.advance(Duration.ofMillis(1));
      taskrow.submit(NewTask.of("issue"));
    } while (cursor != null);

    assertThat(pages).isEqualTo(15); // 100 rows, 7 a page
    assertThat(seen).doesNotHaveDuplicates();
    assertThat(new HashSet<>(seen)).isEqualTo(existing);
  }

  @Test
  void finishedRowsOfManyQueueKindPairsPageInOneOrder() throws Exception {
    // V9 reads the finished rows one (queue, kind) pair at a time and merges the pairs' pages. Here
    // a queue holds two kinds and a kind two queues (as after a deploy that moved the kind).
    String[] kinds = {"issue", "ocr", "import"};
    for (int i = 0; i < 36; i++) {
      clock.advance(Duration.ofMillis(i % 2)); // some times repeat: the id breaks the tie
      UUID id = taskrow.submit(NewTask.of(kinds[i % 3]));
      if (i % 5 == 4) {
        continue; // stays PENDING: the active part is merged in too
      }
      if (i % 2 == 0) {
        succeed(id);
      } else {
        fail(id, "E" + (i % 3), "e");
      }
    }
    execute(
        "update taskrow_task set queue = 'ocr' where kind in ('issue', 'import')"
            + " and status in ('SUCCESS', 'FAILED') and id < '80000000-0000-0000-0000-000000000000'");

    List<TaskFilter> filters =
        List.of(
            TaskFilter.any(),
            TaskFilter.any().withQueue("ocr"),
            TaskFilter.any().withKind("issue"),
            TaskFilter.any().withStatus(TaskStatus.SUCCESS),
            TaskFilter.any().withQueue("ocr").withStatus(TaskStatus.SUCCESS),
            TaskFilter.any().withKind("import").withStatus(TaskStatus.SUCCESS),
            TaskFilter.any().withQueue("ocr").withKind("issue"));
    for (TaskFilter filter : filters) {
      List<UUID> paged = new ArrayList<>();
      String cursor = null;
      do {
        TaskPage page = admin.search(filter, cursor, 4);
        page.tasks().forEach(task -> paged.add(task.id()));
        cursor = page.nextCursor();
      } while (cursor != null);
      assertThat(paged).as(filter.toString()).isEqualTo(newestFirst(filter)).isNotEmpty();
    }
  }

  @Test
  void v4AndV7RowsInterleavedInTimeArePagedInCreatedOrder() throws Exception {
    // Rows kept from before UUIDv7 ids have v4 ids and created_at to the microsecond, the new ones
    // v7 ids and whole milliseconds. The search pages by (created_at, id), never by id alone, so
    // both kinds, interleaved in time here, come in created order on every page.
    String[] kinds = {"issue", "ocr", "import"};
    List<UUID> v7 = new ArrayList<>();
    for (int i = 0; i < 24; i++) {
      clock.advance(Duration.ofMillis(3));
      UUID id = taskrow.submit(NewTask.of(kinds[i % 3]));
      v7.add(id);
      if (i % 4 == 3) {
        fail(id, "E", "e");
      } else if (i % 4 != 2) {
        succeed(id);
      }
      // A v4 row 1.5 ms later: between this task and the next, never in the same millisecond.
      insertV4Success(
          kinds[(i + 1) % 3], clock.instant().plusNanos(1_500_000), i % 6 == 0 ? "nest:v4" : null);
    }
    Instant middle = TaskIds.createdAt(v7.get(12));
    assertThat(v7).allMatch(id -> id.version() == 7);

    List<TaskFilter> filters =
        List.of(
            TaskFilter.any(),
            TaskFilter.any().withStatus(TaskStatus.SUCCESS),
            TaskFilter.any().withKind("ocr"),
            TaskFilter.any().withQueue("issuance").withStatus(TaskStatus.SUCCESS),
            TaskFilter.any().withCreated(middle, null),
            TaskFilter.any().withCreated(null, middle).withStatus(TaskStatus.SUCCESS),
            TaskFilter.any()
                .withCreated(TaskIds.createdAt(v7.get(3)), middle.plusNanos(1_600_000)));
    for (TaskFilter filter : filters) {
      List<UUID> paged = new ArrayList<>();
      String cursor = null;
      do {
        TaskPage page = admin.search(filter, cursor, 5);
        page.tasks().forEach(task -> paged.add(task.id()));
        cursor = page.nextCursor();
      } while (cursor != null);
      assertThat(paged).as(filter.toString()).isEqualTo(newestFirst(filter)).isNotEmpty();
      assertThat(paged)
          .as(filter + " holds both kinds of id")
          .anyMatch(id -> id.version() == 4)
          .anyMatch(id -> id.version() == 7);
    }
    assertThat(ids(TaskFilter.any().withSubject("nest:v4"))).hasSize(4);

    // The counts per queue since a time count both kinds of id, once each.
    List<QueueCounts> counts = admin.queueCounts(middle);
    long succeeded = counts.stream().mapToLong(QueueCounts::succeeded).sum();
    assertThat(succeeded).isEqualTo(count("status = 'SUCCESS' and created_at >= ?", middle));
    assertThat(succeeded)
        .isGreaterThan(
            count(
                "status = 'SUCCESS' and substr(id::text, 15, 1) = '7' and created_at >= ?",
                middle));
  }

  private void insertV4Success(String kind, Instant createdAt, String subject) throws Exception {
    String queue =
        switch (kind) {
          case "issue" -> "issuance";
          case "ocr" -> "ocr";
          default -> "import";
        };
    try (var c = dataSource.getConnection();
        var s =
            c.prepareStatement(
                "insert into taskrow_task (id, kind, queue, subject, status, max_attempts,"
                    + " created_at, finished_at) values (gen_random_uuid(), ?, ?, ?, 'SUCCESS', 3,"
                    + " ?, ?)")) {
      var at = java.time.OffsetDateTime.ofInstant(createdAt, java.time.ZoneOffset.UTC);
      s.setString(1, kind);
      s.setString(2, queue);
      s.setString(3, subject);
      s.setObject(4, at);
      s.setObject(5, at.plusSeconds(1));
      s.executeUpdate();
    }
  }

  private long count(String where, Instant at) throws Exception {
    try (var c = dataSource.getConnection();
        var s = c.prepareStatement("select count(*) from taskrow_task where " + where)) {
      s.setObject(1, java.time.OffsetDateTime.ofInstant(at, java.time.ZoneOffset.UTC));
      try (var rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /** The rows a filter matches, newest first, read by one plain statement: the oracle. */
  private List<UUID> newestFirst(TaskFilter filter) throws Exception {
    List<UUID> ids = new ArrayList<>();
    try (var c = dataSource.getConnection();
        var s =
            c.prepareStatement(
                "select id from taskrow_task where (cast(? as text) is null or queue = ?)"
                    + " and (cast(? as text) is null or kind = ?)"
                    + " and (cast(? as text) is null or status = ?)"
                    + " and (cast(? as timestamptz) is null or created_at >= ?)"
                    + " and (cast(? as timestamptz) is null or created_at < ?)"
                    + " order by created_at desc, id desc")) {
      String status = filter.status() == null ? null : filter.status().name();
      s.setString(1, filter.queue());
      s.setString(2, filter.queue());
      s.setString(3, filter.kind());
      s.setString(4, filter.kind());
      s.setString(5, status);
      s.setString(6, status);
      var from =
          filter.createdFrom() == null
              ? null
              : java.time.OffsetDateTime.ofInstant(filter.createdFrom(), java.time.ZoneOffset.UTC);
      var to =
          filter.createdTo() == null
              ? null
              : java.time.OffsetDateTime.ofInstant(filter.createdTo(), java.time.ZoneOffset.UTC);
      s.setObject(7, from);
      s.setObject(8, from);
      s.setObject(9, to);
      s.setObject(10, to);
      try (var rs = s.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getObject(1, UUID.class));
        }
      }
    }
    return ids;
  }

  private void execute(String sql) throws Exception {
    try (var c = dataSource.getConnection();
        var s = c.createStatement()) {
      s.execute(sql);
    }
  }

  @Test
  void aPageOfOneFilterFollowsItsOwnCursor() throws Exception {
    List<UUID> failed = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      clock.advance(Duration.ofSeconds(1));
      UUID id = taskrow.submit(NewTask.of("issue"));
      fail(id, "X", "x");
      failed.addFirst(id);
      taskrow.submit(NewTask.of("issue"));
    }
    TaskFilter filter = TaskFilter.any().withErrorCode("X");
    TaskPage first = admin.search(filter, null, 3);
    TaskPage second = admin.search(filter, first.nextCursor(), 3);
    assertThat(first.tasks()).extracting(Task::id).containsExactlyElementsOf(failed.subList(0, 3));
    assertThat(second.tasks()).extracting(Task::id).containsExactlyElementsOf(failed.subList(3, 5));
    assertThat(second.nextCursor()).isNull();
  }

  @Test
  void badValuesAreRefusedByName() {
    assertThatThrownBy(() -> TaskFilter.any().withQueue(" "))
        .isInstanceOf(AdminRefusal.class)
        .hasMessage("queue: empty; leave it out to match any")
        .extracting(e -> ((AdminRefusal) e).code())
        .isEqualTo(AdminRefusal.Code.INVALID_FILTER);
    Instant now = Instant.now();
    assertThatThrownBy(() -> TaskFilter.any().withCreated(now, now.minusSeconds(1)))
        .isInstanceOf(AdminRefusal.class)
        .hasMessageContaining("created_from");
    assertThatThrownBy(() -> admin.search(TaskFilter.any(), "not-a-cursor", 10))
        .isInstanceOf(AdminRefusal.class)
        .hasMessageContaining("cursor");
    assertThatThrownBy(() -> admin.search(TaskFilter.any(), null, 0))
        .isInstanceOf(AdminRefusal.class)
        .hasMessageContaining("limit: 0");
  }

  private List<UUID> ids(TaskFilter filter) throws Exception {
    return admin.search(filter, null, 100).tasks().stream().map(Task::id).toList();
  }
}
