package dev.dungji.issuer;

import java.util.Optional;

/**
 * Issues registry certificates (등기사항전부증명서) for a paid fee. Adapters: the sandbox (realistic PDFs,
 * fault injection) and a CODEF-style HTTP API.
 *
 * <p>Payment safety: every call carries an idempotency key (the task id). An issuer that has
 * already charged for a key must not charge again: it answers {@link IssuerFault#DUPLICATE_PAYMENT}
 * and, where it can, serves the paid document through {@link #refetch}.
 */
public interface RegistryIssuer {

  /**
   * Pays for and issues the certificate.
   *
   * @throws IssuerException with the fault that says whether trying again is safe
   */
  IssuedDocument issue(IssueRequest request);

  /**
   * The document already paid for under this idempotency key, when the issuer can serve it again
   * without a new payment; empty when it cannot (or nothing was paid).
   *
   * @throws IssuerException when the issuer cannot be asked now (a transient fault)
   */
  Optional<IssuedDocument> refetch(String idempotencyKey);
}
