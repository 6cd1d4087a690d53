package dev.dungji.issuer;

/**
 * Issues registry certificates (등기사항전부증명서) for a paid fee. Adapters: the sandbox (realistic PDFs,
 * fault injection) and a CODEF-style HTTP API.
 *
 * <p>Payment safety: every call carries an idempotency key (the task id), the request id the issuer
 * sees. An issuer that has already charged for a key must not charge again: it answers {@link
 * IssuerFault#DUPLICATE_PAYMENT}. {@link #refetch} asks for the outcome of a key, as a client asks
 * a payment API about its own request id: the charged document (served again for a limited time),
 * "nothing charged", or "cannot tell".
 */
public interface RegistryIssuer {

  /**
   * Pays for and issues the certificate.
   *
   * @throws IssuerException with the fault that says whether trying again is safe
   */
  IssuedDocument issue(IssueRequest request);

  /**
   * The outcome of an earlier request under this idempotency key: {@link Refetch.Found} with the
   * document charged for (never a new charge), {@link Refetch.NotCharged} when the issuer charged
   * nothing under it, {@link Refetch.Unknowable} when it cannot say (no way to ask, or the window
   * to fetch it again has passed).
   *
   * @throws IssuerException when the issuer cannot be asked now (a transient fault)
   */
  Refetch refetch(String idempotencyKey);
}
