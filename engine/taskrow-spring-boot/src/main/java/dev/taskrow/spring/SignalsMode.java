package dev.taskrow.spring;

/** Which transport carries the engine's wake-up hints ({@code taskrow.signals}). */
public enum SignalsMode {
  /** Within this JVM only: other instances find new work at their next poll. */
  IN_PROCESS,
  /** PostgreSQL LISTEN/NOTIFY: reaches every instance on the same database. */
  POSTGRES,
  /**
   * Redis Pub/Sub. Provided by the Redis module, which declares its own Signals bean; without it,
   * start-up fails and says so.
   */
  REDIS,
  /** No signals: workers find work by polling only. */
  NONE
}
