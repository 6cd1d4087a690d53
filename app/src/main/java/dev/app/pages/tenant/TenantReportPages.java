package dev.app.pages.tenant;

import dev.dungji.nest.NestService;
import dev.dungji.registry.IssuanceService;
import dev.dungji.registry.RegistryReports;
import dev.dungji.registry.RegistryTasks;
import dev.dungji.registry.ReportPdf;
import dev.dungji.tenant.TenantInputsForm;
import dev.dungji.tenant.TenantInputsRepository;
import dev.platform.accounts.CurrentUser;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The report's actions on the certificate page: the tenant's inputs (the API's own validation) and
 * the report's PDF for the signed-in tenant. Someone else's nest is 403, a missing one 404.
 */
@Controller
class TenantReportPages {
  private final NestService nests;
  private final IssuanceService issuance;
  private final TenantInputsRepository inputs;
  private final RegistryReports reports;
  private final Validator validator;

  TenantReportPages(
      NestService nests,
      IssuanceService issuance,
      TenantInputsRepository inputs,
      RegistryReports reports,
      Validator validator) {
    this.nests = nests;
    this.issuance = issuance;
    this.inputs = inputs;
    this.reports = reports;
    this.validator = validator;
  }

  /** Saves the inputs and shows the certificate page again, now with the report. */
  @PostMapping("/tenant/nests/{nestId}/registry/{taskId}/inputs")
  String saveInputs(
      CurrentUser user,
      @PathVariable long nestId,
      @PathVariable UUID taskId,
      @ModelAttribute TenantInputsForm form,
      RedirectAttributes redirect) {
    nests.owned(user.id(), nestId);
    issuance.task(user.id(), nestId, taskId, RegistryTasks.ISSUE_KIND);
    // A form's empty optional field arrives as "", which the API's constraints (a 5-digit code)
    // would refuse: empty means not given.
    TenantInputsForm cleaned =
        new TenantInputsForm(
            form.deposit(),
            form.monthlyRent(),
            blankToNull(form.landlordName()),
            form.contractDate(),
            form.marketPrice(),
            blankToNull(form.lawdCode()));
    Set<ConstraintViolation<TenantInputsForm>> invalid = validator.validate(cleaned);
    if (invalid.isEmpty()) {
      inputs.save(nestId, cleaned);
    } else {
      redirect.addFlashAttribute(
          "inputsInvalid",
          invalid.stream().map(v -> v.getPropertyPath().toString()).sorted().distinct().toList());
      redirect.addFlashAttribute("inputsForm", form);
    }
    return "redirect:/tenant/nests/" + nestId + "/registry/" + taskId + "#report";
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }

  @GetMapping("/tenant/nests/{nestId}/report/{analysisTaskId}.pdf")
  ResponseEntity<byte[]> pdf(
      CurrentUser user, @PathVariable long nestId, @PathVariable UUID analysisTaskId) {
    byte[] pdf = ReportPdf.render(reports.report(user.id(), nestId, analysisTaskId));
    return ResponseEntity.ok()
        .contentType(MediaType.APPLICATION_PDF)
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            ContentDisposition.attachment()
                .filename("report-" + analysisTaskId + ".pdf")
                .build()
                .toString())
        .body(pdf);
  }
}
