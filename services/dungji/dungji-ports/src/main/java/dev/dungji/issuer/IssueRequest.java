package dev.dungji.issuer;

import java.util.Objects;

/**
 * What to issue.
 *
 * @param idempotencyKey derived from the task row; the same for every attempt of one request
 * @param attempt 1 on the first attempt (fault injection and logs use it)
 * @param address the property's address (도로명 or 지번)
 * @param registryNumber 부동산 고유번호 (14 digits), or null to search by address
 * @param dong 동, or null
 * @param ho 호, or null
 * @param label the nest's name; the sandbox reads fault markers from it
 */
public record IssueRequest(
    String idempotencyKey,
    int attempt,
    String address,
    String registryNumber,
    String dong,
    String ho,
    String label) {
  public IssueRequest {
    Objects.requireNonNull(idempotencyKey, "idempotencyKey");
    Objects.requireNonNull(address, "address");
  }
}
