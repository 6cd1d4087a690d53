package dev.app.pages.ops;

import dev.dungji.registry.PaymentReconciliations;
import dev.dungji.registry.PaymentReconciliations.Reconciliation;
import dev.dungji.registry.PaymentReconciliations.Status;
import dev.platform.accounts.CurrentUser;
import dev.platform.accounts.Role;
import dev.platform.web.ApiProblem;
import java.time.ZoneId;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The operators' page of 둥지's payment records (charges that may exist with no document: a task that
 * ended FAILED(PAYMENT_UNCERTAIN)): the open ones to settle with the issuer, the closed ones with
 * who settled them, when, and the note. The same records and rules as the JSON API at {@code
 * /ops/dungji/payment-reconciliations}, for a browser session: ADMIN may mark a record refunded or
 * re-issued, OPERATOR (read-only) may look, anyone else gets 403.
 */
@Controller
class PaymentRecordPages {
  static final String PATH = "/ops/payments";
  static final int LIMIT = 200;
  static final int NOTE_MAX = 500;
  private static final List<String> FILTERS = List.of("OPEN", "REFUNDED", "REISSUED", "ALL");

  private final PaymentReconciliations records;
  private final ZoneId zone;

  PaymentRecordPages(
      PaymentReconciliations records,
      @Value("${taskrow.dashboard.time-zone:Asia/Seoul}") ZoneId zone) {
    this.records = records;
    this.zone = zone;
  }

  @GetMapping(PATH)
  String list(CurrentUser user, @RequestParam(defaultValue = "OPEN") String status, Model model) {
    requireOperator(user);
    if (!FILTERS.contains(status)) {
      throw new ApiProblem(
          HttpStatus.BAD_REQUEST, "INVALID_STATUS", "status is one of " + FILTERS + ": " + status);
    }
    List<Reconciliation> shown =
        records.list(status.equals("ALL") ? null : Status.valueOf(status), LIMIT);
    model.addAttribute("records", shown);
    model.addAttribute("status", status);
    model.addAttribute("filters", FILTERS);
    model.addAttribute("openCount", records.openCount());
    model.addAttribute("canAct", user.roles().contains(Role.ADMIN));
    model.addAttribute("noteMax", NOTE_MAX);
    model.addAttribute("zone", zone);
    return "pages/ops/payments";
  }

  /** Settles an OPEN record; the first operator's answer stands (a second one is 409). */
  @PostMapping(PATH + "/{id}/resolve")
  String resolve(
      CurrentUser user,
      @PathVariable long id,
      @RequestParam String outcome,
      @RequestParam(defaultValue = "") String note,
      RedirectAttributes redirect) {
    requireOperator(user);
    if (!user.roles().contains(Role.ADMIN)) {
      throw new ApiProblem(
          HttpStatus.FORBIDDEN, "READ_ONLY_OPERATOR", "the OPERATOR role may look, not act");
    }
    Status settled =
        switch (outcome) {
          case "REFUNDED" -> Status.REFUNDED;
          case "REISSUED" -> Status.REISSUED;
          default ->
              throw new ApiProblem(
                  HttpStatus.BAD_REQUEST, "INVALID_OUTCOME", "outcome is REFUNDED or REISSUED");
        };
    String trimmed = note.strip();
    if (trimmed.length() > NOTE_MAX) {
      throw new ApiProblem(
          HttpStatus.BAD_REQUEST, "NOTE_TOO_LONG", "a note is at most " + NOTE_MAX + " characters");
    }
    records
        .find(id)
        .orElseThrow(
            () ->
                new ApiProblem(
                    HttpStatus.NOT_FOUND, "RECONCILIATION_NOT_FOUND", "no record " + id));
    if (!records.resolve(id, settled, trimmed.isEmpty() ? null : trimmed, user.id())) {
      throw new ApiProblem(
          HttpStatus.CONFLICT, "RECONCILIATION_SETTLED", "record " + id + " is settled");
    }
    redirect.addFlashAttribute("settled", id);
    return "redirect:" + PATH;
  }

  private static void requireOperator(CurrentUser user) {
    if (!user.roles().contains(Role.ADMIN) && !user.roles().contains(Role.OPERATOR)) {
      throw new ApiProblem(
          HttpStatus.FORBIDDEN, "OPERATOR_ONLY", "the payment records are for operators");
    }
  }
}
