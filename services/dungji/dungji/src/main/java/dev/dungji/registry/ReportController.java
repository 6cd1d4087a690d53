package dev.dungji.registry;

import dev.dungji.Callers;
import dev.dungji.report.RiskReport;
import dev.platform.web.ProblemResponse;
import java.util.UUID;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The jeonse risk report of an analysis task (the id the analysis status answers), as JSON or as a
 * PDF the tenant can keep: {@code .../report/{taskId}.pdf}, or the JSON URL with {@code Accept:
 * application/pdf}.
 */
@RestController
@RequestMapping("/nests/{nestId}/analysis/registry/report")
@ProblemResponse(
    status = 404,
    codes = {"NEST_NOT_FOUND", "TASK_NOT_FOUND"})
@ProblemResponse(status = 403, codes = "NEST_PERMISSION")
@ProblemResponse(
    status = 409,
    codes = {RegistryReports.ANALYSIS_NOT_READY, RegistryReports.INPUTS_MISSING})
public class ReportController {
  private final RegistryReports reports;

  public ReportController(RegistryReports reports) {
    this.reports = reports;
  }

  /**
   * figures (senior claims, ratio, covered deposit …, in won), flags worst first (code, severity,
   * section, rank, message_ko, message_en), the disclaimer; price_error when the price source
   * failed (the entered price is used then).
   */
  @GetMapping(path = "/{taskId}", produces = MediaType.APPLICATION_JSON_VALUE)
  RiskReport json(@PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    return reports.report(Callers.userId(auth), nestId, taskId).report();
  }

  /** The same report as a PDF (Korean, NanumGothic embedded). */
  @GetMapping(path = "/{taskId}", produces = MediaType.APPLICATION_PDF_VALUE)
  ResponseEntity<byte[]> pdfByAccept(
      @PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    return pdf(nestId, taskId, auth);
  }

  /** The same report as a PDF, for a plain download link. */
  @GetMapping(path = "/{taskId}.pdf", produces = MediaType.APPLICATION_PDF_VALUE)
  ResponseEntity<byte[]> pdf(
      @PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    RegistryReports.Made made = reports.report(Callers.userId(auth), nestId, taskId);
    byte[] pdf = ReportPdf.render(made);
    return ResponseEntity.ok()
        .contentType(MediaType.APPLICATION_PDF)
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            ContentDisposition.attachment()
                .filename("report-" + taskId + ".pdf")
                .build()
                .toString())
        .body(pdf);
  }
}
