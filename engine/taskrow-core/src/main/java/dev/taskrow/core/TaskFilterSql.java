package dev.taskrow.core;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link TaskFilter} as SQL over {@code taskrow_task t}: only the conditions of the fields that
 * are set, so each search is planned for what it really asks (a catch-all {@code (:kind is null or
 * kind = :kind)} would be planned once for every combination, and badly).
 *
 * <p>The status is written as literals, never bound: the planner uses a partial index only when it
 * can prove the query's condition implies the index's ({@code status = 'FAILED'} implies {@code
 * status in ('SUCCESS', 'FAILED')}), which it cannot do for a parameter. Statuses are the enum's
 * names, never caller text.
 */
final class TaskFilterSql {
  /** Active rows: the backlog, found through the claim index. */
  static final String ACTIVE = "t.status in ('PENDING', 'PROCESSING')";

  /** Finished rows: what the V8 search indexes hold. */
  static final String FINISHED = "t.status in ('SUCCESS', 'FAILED')";

  private TaskFilterSql() {}

  /** The conditions of every set field but the status, each starting with " and ". */
  static String fields(TaskFilter filter) {
    StringBuilder sql = new StringBuilder();
    if (filter.queue() != null) {
      sql.append(" and t.queue = :f_queue");
    }
    if (filter.kind() != null) {
      sql.append(" and t.kind = :f_kind");
    }
    if (filter.errorCode() != null) {
      sql.append(" and t.error_code = :f_error_code");
    }
    if (filter.subject() != null) {
      sql.append(" and t.subject = :f_subject");
    }
    if (filter.createdFrom() != null) {
      sql.append(" and t.created_at >= :f_created_from");
    }
    if (filter.createdTo() != null) {
      sql.append(" and t.created_at < :f_created_to");
    }
    if (filter.finishedFrom() != null) {
      sql.append(" and t.finished_at >= :f_finished_from");
    }
    if (filter.finishedTo() != null) {
      sql.append(" and t.finished_at < :f_finished_to");
    }
    return sql.toString();
  }

  /** Binds what {@link #fields} names. */
  static Sql.Params bind(Sql.Params params, TaskFilter filter) {
    return params
        .with("f_queue", filter.queue())
        .with("f_kind", filter.kind())
        .with("f_error_code", filter.errorCode())
        .with("f_subject", filter.subject())
        .with("f_created_from", filter.createdFrom())
        .with("f_created_to", filter.createdTo())
        .with("f_finished_from", filter.finishedFrom())
        .with("f_finished_to", filter.finishedTo());
  }

  /**
   * The status conditions to search, one per part of the table: the active part, the finished part,
   * or both. An error code is written only on FAILED rows, and a finished time only on finished
   * ones, so either rules the active part out.
   */
  static List<String> parts(TaskFilter filter) {
    TaskStatus status = filter.status();
    if (filter.errorCode() != null) {
      // Written out, so the failed-code index's "status = 'FAILED'" is implied.
      return status == null || status == TaskStatus.FAILED
          ? List.of(FINISHED + " and t.status = 'FAILED'")
          : List.of();
    }
    boolean finishedOnly = filter.finishedFrom() != null || filter.finishedTo() != null;
    List<String> parts = new ArrayList<>();
    if (status == null) {
      if (!finishedOnly) {
        parts.add(ACTIVE);
      }
      parts.add(FINISHED);
    } else if (status.isFinal()) {
      parts.add(FINISHED + " and t.status = '" + status.name() + "'");
    } else if (!finishedOnly) {
      parts.add(ACTIVE + " and t.status = '" + status.name() + "'");
    }
    return parts;
  }
}
