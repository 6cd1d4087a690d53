package dev.dungji.issuer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RegistryIssuer} adapter must do. An adapter's test extends this class and
 * supplies the issuer and two requests it knows the outcome of.
 */
public abstract class RegistryIssuerContractTest {

  protected abstract RegistryIssuer issuer();

  /** A request that issues successfully. */
  protected abstract IssueRequest issuable(String idempotencyKey);

  /** A request the issuer refuses before any payment (e.g. an address it cannot find). */
  protected abstract IssueRequest refusedBeforePayment(String idempotencyKey);

  @Test
  void issuesAPdf() {
    IssuedDocument document = issuer().issue(issuable(UUID.randomUUID().toString()));

    assertThat(new String(document.pdf(), 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
    assertThat(document.issuerReference()).isNotNull();
  }

  @Test
  void refusalsAreIssuerExceptionsThatPaidNothing() {
    assertThatThrownBy(() -> issuer().issue(refusedBeforePayment(UUID.randomUUID().toString())))
        .isInstanceOfSatisfying(
            IssuerException.class, e -> assertThat(e.fault().maybePaid()).isFalse());
  }

  @Test
  void nothingIsRefetchedForAKeyThatWasNeverPaid() {
    assertThat(issuer().refetch(UUID.randomUUID().toString())).isNotInstanceOf(Refetch.Found.class);
  }

  @Test
  void aRefetchNeverReturnsAnotherKeysDocument() {
    issuer().issue(issuable(UUID.randomUUID().toString()));

    assertThat(issuer().refetch(UUID.randomUUID().toString())).isNotInstanceOf(Refetch.Found.class);
  }

  /** Where the issuer serves a charged document again, it is the same one, and no new charge. */
  @Test
  void aRefetchOfAChargedKeyIsTheSameDocumentOrUnknowableButNeverNotCharged() {
    String key = UUID.randomUUID().toString();
    IssuedDocument issued = issuer().issue(issuable(key));

    Refetch refetch = issuer().refetch(key);

    assertThat(refetch).isNotInstanceOf(Refetch.NotCharged.class);
    if (refetch instanceof Refetch.Found found) {
      assertThat(found.document().pdf()).isEqualTo(issued.pdf());
    }
  }

  @Test
  void aKeyIsNeverChargedTwice() {
    String key = UUID.randomUUID().toString();
    issuer().issue(issuable(key));

    assertThatThrownBy(() -> issuer().issue(issuable(key)))
        .isInstanceOfSatisfying(
            IssuerException.class,
            e -> assertThat(e.fault()).isEqualTo(IssuerFault.DUPLICATE_PAYMENT));
  }
}
