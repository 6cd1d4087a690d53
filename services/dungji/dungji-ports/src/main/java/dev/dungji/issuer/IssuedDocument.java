package dev.dungji.issuer;

/**
 * An issued certificate.
 *
 * @param pdf the PDF bytes; empty means the automation produced nothing
 * @param issuerReference the issuer's own id of the issuance (receipt number)
 */
public record IssuedDocument(byte[] pdf, String issuerReference) {
  public IssuedDocument {
    pdf = pdf == null ? new byte[0] : pdf;
  }
}
