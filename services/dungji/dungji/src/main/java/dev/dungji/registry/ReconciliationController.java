package dev.dungji.registry;

import dev.dungji.Callers;
import dev.dungji.DungjiException;
import dev.dungji.registry.PaymentReconciliations.Reconciliation;
import dev.dungji.registry.PaymentReconciliations.Status;
import dev.platform.web.ProblemResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The operator's list of charges that may exist with no document (PAYMENT_UNCERTAIN), and settling
 * each after checking with the issuer. Under {@code /ops/**}, which the account system opens to the
 * ADMIN role only.
 */
@RestController
@RequestMapping("/ops/dungji/payment-reconciliations")
public class ReconciliationController {
  private static final int MAX_LIMIT = 500;
  private final PaymentReconciliations reconciliations;

  public ReconciliationController(PaymentReconciliations reconciliations) {
    this.reconciliations = reconciliations;
  }

  /** Newest first; {@code status=OPEN} (default), REFUNDED, REISSUED or ALL. */
  @GetMapping
  @ProblemResponse(
      status = 400,
      codes = {"INVALID_LIMIT", "INVALID_STATUS"})
  List<Reconciliation> list(
      @RequestParam(defaultValue = "OPEN") String status,
      @RequestParam(defaultValue = "100") int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new DungjiException(
          HttpStatus.BAD_REQUEST, "INVALID_LIMIT", "limit is 1.." + MAX_LIMIT);
    }
    return reconciliations.list(status.equals("ALL") ? null : parse(status), limit);
  }

  /**
   * Marks an OPEN record settled: {@code REFUNDED} (the issuer refunded the fee) or {@code
   * REISSUED} (the tenant got the certificate another way), with an optional note.
   */
  @PostMapping("/{id}/resolve")
  @ProblemResponse(status = 404, codes = "RECONCILIATION_NOT_FOUND")
  @ProblemResponse(status = 409, codes = "RECONCILIATION_SETTLED")
  @ProblemResponse(
      status = 400,
      codes = {"INVALID_OUTCOME", "INVALID_STATUS"})
  Reconciliation resolve(
      @PathVariable long id, @Valid @RequestBody Resolution resolution, Authentication auth) {
    Status outcome = parse(resolution.outcome());
    if (outcome == Status.OPEN) {
      throw new DungjiException(
          HttpStatus.BAD_REQUEST, "INVALID_OUTCOME", "outcome is REFUNDED or REISSUED");
    }
    reconciliations
        .find(id)
        .orElseThrow(
            () ->
                new DungjiException(
                    HttpStatus.NOT_FOUND, "RECONCILIATION_NOT_FOUND", "no reconciliation " + id));
    if (!reconciliations.resolve(id, outcome, resolution.note(), Callers.userId(auth))) {
      throw new DungjiException(
          HttpStatus.CONFLICT, "RECONCILIATION_SETTLED", "reconciliation " + id + " is settled");
    }
    return reconciliations.find(id).orElseThrow();
  }

  public record Resolution(@NotNull String outcome, @Size(max = 500) String note) {}

  private static Status parse(String status) {
    try {
      return Status.valueOf(status);
    } catch (IllegalArgumentException e) {
      throw new DungjiException(
          HttpStatus.BAD_REQUEST,
          "INVALID_STATUS",
          "status is one of OPEN, REFUNDED, REISSUED" + " (ALL to list every one): " + status);
    }
  }
}
