package dev.app.pages.tenant;

import dev.dungji.DungjiProperties;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestForm;
import dev.dungji.nest.NestService;
import dev.dungji.registry.IssuanceService;
import dev.dungji.registry.RegistryAnalyses;
import dev.dungji.registry.RegistryFile;
import dev.dungji.registry.RegistryFiles;
import dev.dungji.registry.RegistryTasks;
import dev.platform.accounts.CurrentUser;
import dev.platform.storage.ObjectStorage;
import dev.platform.web.ApiProblem;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.sse.StreamTokens;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The tenants' pages (둥지): their nests, a new nest, the registry certificate's request and its live
 * status through issuance and OCR, the PDF and the text. Through 둥지's {@link NestService} and
 * {@link IssuanceService} with the signed-in account: someone else's nest is 403, a missing one
 * 404, as in the API.
 */
@Controller
class TenantPages {
  private final NestService nests;
  private final IssuanceService issuance;
  private final RegistryFiles files;
  private final ObjectStorage storage;
  private final DungjiProperties properties;
  private final StreamTokens tokens;
  private final Validator validator;
  private final RegistryAnalyses analyses;
  private final TenantReportModel reportModel;

  TenantPages(
      NestService nests,
      IssuanceService issuance,
      RegistryFiles files,
      ObjectStorage storage,
      DungjiProperties properties,
      StreamTokens tokens,
      Validator validator,
      RegistryAnalyses analyses,
      TenantReportModel reportModel) {
    this.analyses = analyses;
    this.reportModel = reportModel;
    this.nests = nests;
    this.issuance = issuance;
    this.files = files;
    this.storage = storage;
    this.properties = properties;
    this.tokens = tokens;
    this.validator = validator;
  }

  @GetMapping("/tenant")
  String nests(CurrentUser user, Model model) {
    model.addAttribute("nests", nests.list(user.id()));
    if (!model.containsAttribute("form")) {
      model.addAttribute("form", new NestForm("", "", null, null, null));
    }
    return "pages/tenant/nests";
  }

  @PostMapping("/tenant/nests")
  String addNest(CurrentUser user, @ModelAttribute("form") NestForm form, Model model) {
    NestForm cleaned =
        new NestForm(
            form.name(),
            form.address(),
            blankToNull(form.registryNumber()),
            blankToNull(form.dong()),
            blankToNull(form.ho()));
    // The API's own constraints on NestForm (@NotBlank, @Size, @Pattern).
    Set<ConstraintViolation<NestForm>> invalid = validator.validate(cleaned);
    if (!invalid.isEmpty()) {
      model.addAttribute(
          "invalidFields",
          invalid.stream().map(v -> v.getPropertyPath().toString()).sorted().distinct().toList());
      model.addAttribute("form", form);
      return nests(user, model);
    }
    Nest nest = nests.create(user.id(), cleaned);
    return "redirect:/tenant/nests/" + nest.id();
  }

  @GetMapping("/tenant/nests/{nestId}")
  String nest(CurrentUser user, @PathVariable long nestId, Model model) {
    model.addAttribute("nest", nests.owned(user.id(), nestId));
    return "pages/tenant/nest";
  }

  @PostMapping("/tenant/nests/{nestId}/registry")
  String requestCertificate(
      CurrentUser user,
      @PathVariable long nestId,
      @RequestParam(defaultValue = "false") boolean fresh,
      HttpServletResponse response,
      Model model) {
    // Unless fresh, a certificate of the nest issued within the reuse window is shown instead of
    // paying again; "새로 발급" asks for a new one (it takes quota like any new issuance).
    IssuanceService.Requested requested;
    try {
      requested = issuance.request(user.id(), nestId, fresh);
    } catch (ApiProblem refused) {
      int status = refused.status().value();
      if (status != 429 && status != 503) {
        throw refused; // someone else's nest, a missing one: the error page
      }
      // The quota's refusal (429 for the user's or the nest's daily limit, 503 when the
      // operator's budget is spent) says when asking again can succeed: shown in the quota's zone.
      response.setStatus(status);
      model.addAttribute("refusal", refusal(refused));
      return nest(user, nestId, model);
    }
    return "redirect:/tenant/nests/"
        + nestId
        + "/registry/"
        + requested.taskId()
        + (requested.recentCertificate() ? "?reused=true" : "");
  }

  /** A quota refusal as the nest page shows it: its code and when to try again. */
  record Refusal(String code, String nextAllowedAt) {}

  private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

  private Refusal refusal(ApiProblem refused) {
    Object next =
        refused.getBody().getProperties() == null
            ? null
            : refused.getBody().getProperties().get("next_allowed_at");
    String shown = null;
    if (next != null) {
      ZoneId zone = properties.quota().zone();
      shown = SHOWN.format(Instant.parse(next.toString()).atZone(zone)) + " (" + zone + ")";
    }
    return new Refusal(refused.code(), shown);
  }

  /** What the certificate page shows of the OCR task, once the issuance made one. */
  record OcrView(TaskStatus status, String errorCode, Integer pageCount, String text) {}

  @GetMapping("/tenant/nests/{nestId}/registry/{taskId}")
  String certificate(
      CurrentUser user,
      @PathVariable long nestId,
      @PathVariable UUID taskId,
      @RequestParam(defaultValue = "false") boolean reused,
      Model model) {
    Nest nest = nests.owned(user.id(), nestId);
    model.addAttribute("reused", reused);
    Task issue = issuance.task(user.id(), nestId, taskId, RegistryTasks.ISSUE_KIND);
    model.addAttribute("nest", nest);
    model.addAttribute("issue", issue);
    String stream = null;
    if (!issue.status().isFinal()) {
      stream = events(user, nestId, issue.id(), RegistryTasks.ISSUE_KIND, "issue");
    } else if (issue.status() == TaskStatus.SUCCESS) {
      Optional<RegistryFile> file = files.byIssuanceTask(issue.id());
      if (file.isPresent()) {
        model.addAttribute(
            "pdfUrl", storage.signedUrl(file.get().storageKey(), properties.fileUrlTtl()));
        Task ocr = issuance.task(user.id(), nestId, file.get().ocrTaskId(), RegistryTasks.OCR_KIND);
        Optional<RegistryFile> read =
            ocr.status() == TaskStatus.SUCCESS ? files.byOcrTask(ocr.id()) : Optional.empty();
        model.addAttribute(
            "ocr",
            new OcrView(
                ocr.status(),
                ocr.errorCode(),
                read.map(RegistryFile::pageCount).orElse(null),
                read.map(RegistryFile::ocrText).orElse(null)));
        if (!ocr.status().isFinal()) {
          stream = events(user, nestId, ocr.id(), RegistryTasks.OCR_KIND, "ocr");
        } else if (read.isPresent()) {
          // The third step: the analysis, then its register and report (TenantReportModel).
          Optional<UUID> analysisId = analyses.taskOfFile(read.get().id());
          if (analysisId.isPresent()) {
            Task analysis =
                issuance.task(user.id(), nestId, analysisId.get(), RegistryTasks.ANALYSIS_KIND);
            reportModel.addTo(model, user.id(), nestId, analysis);
            if (!analysis.status().isFinal()) {
              stream = events(user, nestId, analysis.id(), RegistryTasks.ANALYSIS_KIND, "analysis");
            }
          }
        }
      }
    }
    model.addAttribute("stream", stream);
    return "pages/tenant/certificate";
  }

  /**
   * The API's event stream of the task, opened by the browser with a stream token issued here for
   * the signed-in tenant. The scope is the one 둥지's events controller verifies ({@code
   * <kind>:<nest>:<task>}); the browser test fails if the two drift.
   */
  private String events(CurrentUser user, long nestId, UUID taskId, String kind, String path) {
    String token = tokens.issue(Long.toString(user.id()), kind + ":" + nestId + ":" + taskId);
    return "/nests/"
        + nestId
        + "/analysis/registry/"
        + path
        + "/"
        + taskId
        + "/events?stream_token="
        + token;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
