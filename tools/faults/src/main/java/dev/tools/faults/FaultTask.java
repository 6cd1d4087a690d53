package dev.tools.faults;

import dev.taskrow.core.RetryPolicy;
import dev.taskrow.core.TaskKind;
import java.time.Duration;

/**
 * The task every scenario runs, shared by the driver (which submits it) and the worker processes
 * (which run it): its handler writes one business row inside the task's transaction, so the audit
 * can count effects per task — exactly one for every SUCCESS, none for anything else.
 */
final class FaultTask {
  static final String KIND = "fault.effect";
  static final String QUEUE = "faults";

  /**
   * A short lease so a killed worker's tasks come back within seconds; enough attempts that a task
   * caught by several kills and a database restart still finishes; transient database errors (the
   * restart) retried quickly.
   */
  static final TaskKind TASK_KIND = taskKind(1);

  /**
   * The kind with up to {@code commitBatch} tasks sharing one commit (ADR 0019): a worker killed or
   * a database crashed mid-batch must roll back every effect of the batch and lose none.
   */
  static TaskKind taskKind(int commitBatch) {
    return TaskKind.named(KIND)
        .queue(QUEUE)
        .lease(Duration.ofSeconds(5))
        .maxAttempts(25)
        .retryPolicy(
            RetryPolicy.exponential(Duration.ofMillis(200), Duration.ofSeconds(2))
                .retryUnknown(true))
        .commitBatch(commitBatch)
        .build();
  }

  /** The business table: deliberately no unique key, so a duplicate effect shows as two rows. */
  static final String EFFECT_TABLE_DDL =
      """
      create table if not exists fault_effect (
          id         bigserial   primary key,
          task_id    uuid        not null,
          worker_id  text        not null,
          written_at timestamptz not null default clock_timestamp()
      );
      create index if not exists fault_effect_task_idx on fault_effect (task_id);
      """;

  static final String INSERT_EFFECT = "insert into fault_effect (task_id, worker_id) values (?, ?)";

  private FaultTask() {}
}
