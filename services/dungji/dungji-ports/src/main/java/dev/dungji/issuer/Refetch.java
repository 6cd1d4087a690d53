package dev.dungji.issuer;

import java.util.Objects;

/**
 * What the issuer says about an earlier request id (the idempotency key): the document it charged
 * for, that it charged nothing under it, or that it cannot tell. Only {@link NotCharged} makes a
 * new paying request safe; {@link Unknowable} means a charge may exist that nobody can see.
 */
public sealed interface Refetch {

  /** The charged document, served again without a new charge. */
  record Found(IssuedDocument document) implements Refetch {
    public Found {
      Objects.requireNonNull(document, "document");
    }
  }

  /** The issuer knows this request id and charged nothing for it, or never received it. */
  record NotCharged() implements Refetch {}

  /**
   * The outcome cannot be known: the issuer offers no way to ask, or the window in which it serves
   * a charged document again has passed.
   */
  record Unknowable(String reason) implements Refetch {
    public Unknowable {
      Objects.requireNonNull(reason, "reason");
    }
  }

  static Refetch found(IssuedDocument document) {
    return new Found(document);
  }

  static Refetch notCharged() {
    return new NotCharged();
  }

  static Refetch unknowable(String reason) {
    return new Unknowable(reason);
  }
}
