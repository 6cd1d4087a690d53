package dev.dungji.report;

/** How much a flag matters, worst first. */
public enum Severity {
  /** Do not sign before it is resolved (a seizure, an auction, a trust without consent …). */
  HIGH,
  /** Ask and check before signing. */
  MEDIUM,
  /** Worth knowing. */
  LOW
}
