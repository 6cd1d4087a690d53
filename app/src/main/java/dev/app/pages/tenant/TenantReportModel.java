package dev.app.pages.tenant;

import dev.dungji.register.Entry;
import dev.dungji.register.ParsedRegister;
import dev.dungji.registry.RegistryReports;
import dev.dungji.tenant.TenantInputs;
import dev.dungji.tenant.TenantInputsForm;
import dev.dungji.tenant.TenantInputsRepository;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

/**
 * What the certificate page shows of the analysis (fragment file pages/tenant/report.html): its
 * step, then the parsed register, the inputs form and the report once the tenant entered a deposit.
 */
@Component
class TenantReportModel {
  private final RegistryReports reports;
  private final TenantInputsRepository inputs;

  TenantReportModel(RegistryReports reports, TenantInputsRepository inputs) {
    this.reports = reports;
    this.inputs = inputs;
  }

  /** The analysis step as the page shows it. */
  record AnalysisView(java.util.UUID taskId, TaskStatus status, String errorCode) {}

  void addTo(Model model, long userId, long nestId, Task analysis) {
    model.addAttribute(
        "analysis", new AnalysisView(analysis.id(), analysis.status(), analysis.errorCode()));
    if (analysis.status() != TaskStatus.SUCCESS) {
      return;
    }
    Optional<ParsedRegister> register = reports.register(analysis.id());
    if (register.isEmpty()) {
      return;
    }
    model.addAttribute("register", register.get());
    List<Entry> all = register.get().entries().toList();
    model.addAttribute("entries", all);
    Optional<TenantInputs> saved = inputs.find(nestId);
    if (!model.containsAttribute("inputsForm")) {
      model.addAttribute(
          "inputsForm",
          saved
              .map(
                  i ->
                      new TenantInputsForm(
                          i.deposit(),
                          i.monthlyRent(),
                          i.landlordName(),
                          i.contractDate(),
                          i.marketPrice(),
                          i.lawdCode()))
              .orElse(new TenantInputsForm(null, null, null, null, null, null)));
    }
    if (saved.isPresent()) {
      model.addAttribute("report", reports.report(userId, nestId, analysis.id()).report());
    }
  }
}
