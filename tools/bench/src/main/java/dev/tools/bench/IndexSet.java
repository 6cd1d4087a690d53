package dev.tools.bench;

import java.util.List;
import java.util.Locale;

/**
 * The task table's indexes over finished rows as each migration left them, so one run can drain
 * against each set in turn, interleaved in the same minutes ({@code --index-sets=v7,v9,v10}): the
 * A/B of ADR 0007. Applied to the empty table before each drain (building them costs nothing then);
 * every other index of the table is the current migrations'.
 */
enum IndexSet {
  /** Before V8: no index over finished rows. */
  V7(List.of()),
  /** V8: three indexes over finished rows, two over FAILED ones. */
  V8(
      List.of(
          "create index taskrow_task_finished_created_idx on taskrow_task (created_at, id)"
              + " where status in ('SUCCESS', 'FAILED')",
          "create index taskrow_task_finished_kind_idx on taskrow_task (kind, created_at, id)"
              + " where status in ('SUCCESS', 'FAILED')",
          "create index taskrow_task_finished_queue_idx on taskrow_task (queue, created_at, id)"
              + " include (status) where status in ('SUCCESS', 'FAILED')",
          "create index taskrow_task_failed_code_idx on taskrow_task (error_code, created_at, id)"
              + " include (kind, queue) where status = 'FAILED'",
          "create index taskrow_task_failed_created_idx on taskrow_task (created_at, id)"
              + " where status = 'FAILED'")),
  /** V9: one index over finished rows, two over FAILED ones. */
  V9(
      List.of(
          "create index taskrow_task_finished_idx on taskrow_task (queue, kind, created_at, id)"
              + " include (status, finished_at) where status in ('SUCCESS', 'FAILED')",
          "create index taskrow_task_failed_code_idx on taskrow_task (error_code, created_at, id)"
              + " include (kind, queue) where status = 'FAILED'",
          "create index taskrow_task_failed_window_idx on taskrow_task (created_at, id)"
              + " include (kind, queue, error_code) where status = 'FAILED'")),
  /** V9's indexes without V10's failure-count triggers: what the triggers cost the drain. */
  V9_UNCOUNTED(V9.creates, false),
  /**
   * V9's and an index over the active rows in created order, with what the overview counts, so the
   * unfiltered search's first page and the active counts read a few entries of it instead of every
   * active row from the table; written by every claim, retry and heartbeat.
   */
  ACTIVE(
      java.util.stream.Stream.concat(
              V9.creates.stream(),
              java.util.stream.Stream.of(
                  "create index taskrow_task_active_created_idx on taskrow_task (created_at, id)"
                      + " include (queue, kind, status, locked_until)"
                      + " where status in ('PENDING', 'PROCESSING')"))
          .toList()),
  /**
   * The V10 option, measured and not adopted (ADR 0011): no entry for a SUCCESS row with a v7 id;
   * two indexes over FAILED ones and one over SUCCESS rows with v4 ids (empty here: the engine
   * writes v7 ids). No migration creates it.
   */
  V10(
      List.of(
          "create index taskrow_task_failed_code_idx on taskrow_task (error_code, created_at, id)"
              + " include (kind, queue) where status = 'FAILED'",
          "create index taskrow_task_failed_window_idx on taskrow_task (created_at, id)"
              + " include (kind, queue, error_code) where status = 'FAILED'",
          "create index taskrow_task_success_v4_idx on taskrow_task (created_at, id)"
              + " include (queue, kind, finished_at)"
              + " where status = 'SUCCESS' and substr(id::text, 15, 1) <> '7'"));

  private static final List<String> ALL_NAMES =
      List.of(
          "taskrow_task_finished_created_idx",
          "taskrow_task_finished_kind_idx",
          "taskrow_task_finished_queue_idx",
          "taskrow_task_failed_code_idx",
          "taskrow_task_failed_created_idx",
          "taskrow_task_finished_idx",
          "taskrow_task_failed_window_idx",
          "taskrow_task_success_v4_idx",
          "taskrow_task_active_created_idx");

  /** V10's triggers that count failures (ADR 0017). */
  private static final List<String> FAILURE_TRIGGERS =
      List.of(
          "taskrow_task_failure_insert",
          "taskrow_task_failure_update",
          "taskrow_task_failure_delete",
          "taskrow_task_failure_truncate");

  private final List<String> creates;
  private final boolean countsFailures;

  IndexSet(List<String> creates) {
    this(creates, true);
  }

  IndexSet(List<String> creates, boolean countsFailures) {
    this.creates = creates;
    this.countsFailures = countsFailures;
  }

  static IndexSet named(String name) {
    return valueOf(name.strip().replace('-', '_').toUpperCase(Locale.ROOT));
  }

  /** Drops every index any set has and creates this set's, on the (emptied) task table. */
  void apply(Database database) throws Exception {
    for (String name : ALL_NAMES) {
      database.execute("drop index if exists " + name);
    }
    for (String create : creates) {
      database.execute(create);
    }
    for (String trigger : FAILURE_TRIGGERS) {
      database.execute(
          "alter table taskrow_task "
              + (countsFailures ? "enable" : "disable")
              + " trigger "
              + trigger);
    }
  }

  String label() {
    return ", " + name().toLowerCase(Locale.ROOT).replace('_', '-') + " indexes";
  }
}
