package dev.taskrow.core;

import java.sql.Connection;
import java.time.Instant;
import java.util.UUID;

/** What a running handler sees of its task, and what it can do through the engine. */
public interface TaskContext {
  UUID taskId();

  String kind();

  String subject();

  /** The payload as JSON text. */
  String payload();

  /** 1 on the first attempt. */
  int attempt();

  int maxAttempts();

  /** The error code of the previous failed attempt of this task, or null on a first attempt. */
  String lastErrorCode();

  /** The fencing token of this claim; the idempotency key of an external call can include it. */
  long fenceToken();

  /** The wall-clock time as the engine's clock sees it. */
  Instant now();

  /**
   * The transaction that will record this task's SUCCESS (transactional kinds only). What the
   * handler writes here commits with the SUCCESS, or not at all if the worker lost its lease.
   *
   * @throws IllegalStateException for a kind that is not transactional
   */
  Connection connection();

  /**
   * Submits a follow-up task in this task's transaction: it exists if and only if this task
   * succeeds (transactional kinds only).
   */
  UUID submit(NewTask followUp);

  /** Records progress; writes are throttled, the last one is always kept. */
  void progress(long done, long total);

  /** The JSON result stored with the SUCCESS. */
  void result(String json);

  /** A user asked to cancel; stop and throw {@link TaskFailure#cancelled()}. */
  boolean isCancellationRequested();

  /**
   * The worker lost its lease (another worker may run the task now); nothing this attempt writes
   * will commit. Stop as soon as you can.
   */
  boolean isLeaseLost();
}
