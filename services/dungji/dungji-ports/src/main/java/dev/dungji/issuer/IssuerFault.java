package dev.dungji.issuer;

/** Why an issuance failed, and so whether it may be tried again. */
public enum IssuerFault {
  /** The automation could not start (bot initialisation, login). Nothing was paid. Final. */
  INITIALISATION_FAILED(false, false),
  /** The issuing flow failed (unknown address, site error). Nothing was paid. Final. */
  AUTOMATION_FAILED(false, false),
  /** No answer before payment started. Safe to try again. */
  TIMEOUT_BEFORE_PAYMENT(true, false),
  /** Could not reach the issuer. Safe to try again. */
  NETWORK(true, false),
  /** The issuing site is in its maintenance window. Safe to try again later. */
  MAINTENANCE(true, false),
  /** Too many requests. Safe to try again after the given delay. */
  RATE_LIMITED(true, false),
  /** This key was already paid for. Never issue again; refetch where possible. */
  DUPLICATE_PAYMENT(false, true),
  /** The call failed after payment may have gone through. Never issue again; refetch. */
  POSSIBLY_CHARGED(false, true);

  private final boolean transientFault;
  private final boolean maybePaid;

  IssuerFault(boolean transientFault, boolean maybePaid) {
    this.transientFault = transientFault;
    this.maybePaid = maybePaid;
  }

  /** Issuing again is safe and may succeed. */
  public boolean isTransient() {
    return transientFault;
  }

  /** A payment may exist for the key: issuing again could pay twice. */
  public boolean maybePaid() {
    return maybePaid;
  }
}
