package dev.dungji.register;

/** Where an entry stands once cancellations and later ownership are applied. */
public enum EntryStatus {
  /** The right exists today. */
  IN_FORCE,
  /** Cancelled by a later entry (or struck through in red). */
  CANCELLED,
  /** An earlier owner's entry: a later transfer took its place. */
  SUPERSEDED,
  /** The cancelling entry itself ("3번근저당권설정등기말소"). */
  CANCELLING,
  /** A 부기 entry folded into the entry it amends. */
  AMENDMENT
}
