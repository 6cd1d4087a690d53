package dev.dungji.registry;

import dev.dungji.DungjiException;
import dev.dungji.price.EnteredPriceSource;
import dev.dungji.price.MarketPrice;
import dev.dungji.price.PriceQuery;
import dev.dungji.price.PriceSource;
import dev.dungji.price.PriceSourceException;
import dev.dungji.register.ParsedRegister;
import dev.dungji.report.ReportInputs;
import dev.dungji.report.ReportThresholds;
import dev.dungji.report.RiskReport;
import dev.dungji.report.RiskReports;
import dev.dungji.tenant.TenantInputs;
import dev.dungji.tenant.TenantInputsRepository;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import java.time.Clock;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * The report of an analysis task: its stored register, the nest's tenant inputs now, a price from
 * the {@link PriceSource}, the thresholds; computed on every request (inputs and prices change, the
 * register does not), so nothing of it is stored.
 */
public class RegistryReports {
  /** The analysis has not succeeded (yet): nothing to report on. */
  public static final String ANALYSIS_NOT_READY = "ANALYSIS_NOT_READY";

  /** The tenant has not entered the deposit yet. */
  public static final String INPUTS_MISSING = "TENANT_INPUTS_MISSING";

  // The stored register's shape (AnalysisHandler writes it with the same settings).
  private static final JsonMapper JSON =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private final IssuanceService issuance;
  private final RegistryAnalyses analyses;
  private final TenantInputsRepository inputs;
  private final PriceSource prices;
  private final ReportThresholds thresholds;
  private final Clock clock;
  private final ZoneId zone;

  public RegistryReports(
      IssuanceService issuance,
      RegistryAnalyses analyses,
      TenantInputsRepository inputs,
      PriceSource prices,
      ReportThresholds thresholds,
      Clock clock,
      ZoneId zone) {
    this.issuance = issuance;
    this.analyses = analyses;
    this.inputs = inputs;
    this.prices = prices;
    this.thresholds = thresholds;
    this.clock = clock;
    this.zone = zone;
  }

  /** What a report is made of, for the PDF's heading as well. */
  public record Made(ParsedRegister register, TenantInputs inputs, RiskReport report) {}

  /** The parsed register of a succeeded analysis task, or empty (no record, not parsed yet). */
  public Optional<ParsedRegister> register(UUID analysisTaskId) {
    return analyses
        .byTask(analysisTaskId)
        .map(RegistryAnalyses.Analysis::register)
        .map(json -> JSON.readValue(json, ParsedRegister.class));
  }

  /** The report of the user's nest's analysis task; 404/403 as the nest, 409 when not ready. */
  public Made report(long userId, long nestId, UUID analysisTaskId) {
    Task task = issuance.task(userId, nestId, analysisTaskId, RegistryTasks.ANALYSIS_KIND);
    Optional<RegistryAnalyses.Analysis> analysis =
        task.status() == TaskStatus.SUCCESS ? analyses.byTask(task.id()) : Optional.empty();
    if (analysis.isEmpty() || analysis.get().register() == null) {
      throw new DungjiException(
          HttpStatus.CONFLICT,
          ANALYSIS_NOT_READY,
          "the analysis is " + task.status() + "; a report needs a SUCCESS");
    }
    TenantInputs in =
        inputs
            .find(nestId)
            .orElseThrow(
                () ->
                    new DungjiException(
                        HttpStatus.CONFLICT,
                        INPUTS_MISSING,
                        "enter the deposit first: PUT /nests/" + nestId + "/tenant-inputs"));
    ParsedRegister register = JSON.readValue(analysis.get().register(), ParsedRegister.class);
    LocalDate today = LocalDate.now(clock.withZone(zone));
    LocalDate asOf = in.contractDate() != null ? in.contractDate() : today;
    PriceQuery query =
        new PriceQuery(
            in.lawdCode(),
            register.title().exclusiveArea(),
            YearMonth.from(asOf),
            in.marketPrice());
    Optional<MarketPrice> price;
    String priceError = null;
    try {
      price = prices.price(query);
    } catch (PriceSourceException e) {
      price = Optional.empty();
      priceError = e.code();
    }
    if (price.isEmpty()) {
      // A source without an answer still leaves the tenant's own figure, said as such.
      price = new EnteredPriceSource().price(query);
    }
    RiskReport report =
        RiskReports.compute(
            register,
            new ReportInputs(
                in.deposit(),
                in.monthlyRent(),
                in.landlordName(),
                in.contractDate(),
                in.lawdCode()),
            price,
            priceError,
            thresholds,
            today);
    return new Made(register, in, report);
  }
}
