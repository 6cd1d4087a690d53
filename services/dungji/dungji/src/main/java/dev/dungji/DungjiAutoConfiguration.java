package dev.dungji;

import dev.dungji.issuer.RegistryIssuer;
import dev.dungji.nest.NestController;
import dev.dungji.nest.NestRepository;
import dev.dungji.nest.NestService;
import dev.dungji.notify.Notifier;
import dev.dungji.ocr.PageOcr;
import dev.dungji.price.EnteredPriceSource;
import dev.dungji.price.PriceSource;
import dev.dungji.registry.AnalysisHandler;
import dev.dungji.registry.IssuanceCountPruneHandler;
import dev.dungji.registry.IssuanceCountPruner;
import dev.dungji.registry.IssuanceHandler;
import dev.dungji.registry.IssuanceQuota;
import dev.dungji.registry.IssuanceService;
import dev.dungji.registry.OcrHandler;
import dev.dungji.registry.OrphanSweepHandler;
import dev.dungji.registry.OrphanSweeper;
import dev.dungji.registry.PaymentReconciliations;
import dev.dungji.registry.Payments;
import dev.dungji.registry.ReconciliationController;
import dev.dungji.registry.ReconciliationMetrics;
import dev.dungji.registry.RegistryAnalyses;
import dev.dungji.registry.RegistryController;
import dev.dungji.registry.RegistryEventsController;
import dev.dungji.registry.RegistryFiles;
import dev.dungji.registry.RegistryReports;
import dev.dungji.registry.RegistryTasks;
import dev.dungji.registry.ReportController;
import dev.dungji.tenant.TenantInputsController;
import dev.dungji.tenant.TenantInputsRepository;
import dev.dungji.watch.Inbox;
import dev.dungji.watch.NotifyHandler;
import dev.dungji.watch.RegisterChanges;
import dev.dungji.watch.WatchController;
import dev.dungji.watch.WatchDiffs;
import dev.dungji.watch.WatchScanHandler;
import dev.dungji.watch.WatchScanner;
import dev.dungji.watch.WatchService;
import dev.dungji.watch.Watches;
import dev.platform.accounts.PublicEndpoint;
import dev.platform.storage.ObjectStorage;
import dev.taskrow.core.RetryPolicy;
import dev.taskrow.core.Schedule;
import dev.taskrow.core.TaskHandler;
import dev.taskrow.core.TaskKind;
import dev.taskrow.spring.TaskDefinition;
import dev.taskrow.spring.TaskrowAutoConfiguration;
import dev.taskrow.spring.TaskrowTemplate;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * 둥지: nests, the registry issuance and OCR task kinds with their handlers, the API, the orphan
 * sweep. Needs an {@link ObjectStorage} and a {@link RegistryIssuer} bean (the app chooses them); a
 * {@link PageOcr} bean is optional (without one, image-only pages fail OCR_ENGINE_UNAVAILABLE).
 */
@AutoConfiguration(before = TaskrowAutoConfiguration.class)
@EnableConfigurationProperties(DungjiProperties.class)
public class DungjiAutoConfiguration {
  /**
   * The name of an optional {@link Clock} bean the quotas and the certificate reuse run on (tests
   * move it across days); without one, the system clock.
   */
  public static final String DUNGJI_CLOCK = "dungjiClock";

  @Bean
  NestRepository dungjiNestRepository(DataSource dataSource) {
    return new NestRepository(JdbcClient.create(dataSource));
  }

  @Bean
  NestService dungjiNestService(NestRepository nests) {
    return new NestService(nests);
  }

  @Bean
  RegistryFiles dungjiRegistryFiles(DataSource dataSource) {
    return new RegistryFiles(JdbcClient.create(dataSource));
  }

  @Bean
  RegistryAnalyses dungjiRegistryAnalyses(DataSource dataSource) {
    return new RegistryAnalyses(JdbcClient.create(dataSource));
  }

  @Bean
  TenantInputsRepository dungjiTenantInputs(DataSource dataSource) {
    return new TenantInputsRepository(JdbcClient.create(dataSource));
  }

  /**
   * The jeonse risk report; its market price from the application's {@link PriceSource} bean, or,
   * without one, the price the tenant entered.
   */
  @Bean
  RegistryReports dungjiRegistryReports(
      IssuanceService issuance,
      RegistryAnalyses analyses,
      TenantInputsRepository inputs,
      ObjectProvider<PriceSource> prices,
      DungjiProperties properties,
      @Qualifier(DUNGJI_CLOCK) ObjectProvider<Clock> clock) {
    return new RegistryReports(
        issuance,
        analyses,
        inputs,
        prices.getIfAvailable(EnteredPriceSource::new),
        properties.report().thresholds(),
        clock.getIfAvailable(Clock::systemUTC),
        properties.quota().zone());
  }

  @Bean
  Payments dungjiPayments(DataSource dataSource, PlatformTransactionManager transactionManager) {
    return new Payments(JdbcClient.create(dataSource), transactionManager);
  }

  @Bean
  PaymentReconciliations dungjiPaymentReconciliations(
      DataSource dataSource, PlatformTransactionManager transactionManager) {
    return new PaymentReconciliations(JdbcClient.create(dataSource), transactionManager);
  }

  @Bean
  IssuanceQuota dungjiIssuanceQuota(
      DataSource dataSource,
      DungjiProperties properties,
      @Qualifier(DUNGJI_CLOCK) ObjectProvider<Clock> clock) {
    return new IssuanceQuota(
        JdbcClient.create(dataSource), properties.quota(), clock.getIfAvailable(Clock::systemUTC));
  }

  @Bean
  IssuanceService dungjiIssuanceService(
      NestService nests,
      TaskrowTemplate taskrow,
      PlatformTransactionManager transactionManager,
      RegistryFiles files,
      IssuanceQuota quota,
      DungjiProperties properties,
      @Qualifier(DUNGJI_CLOCK) ObjectProvider<Clock> clock) {
    return new IssuanceService(
        nests,
        taskrow,
        new TransactionTemplate(transactionManager),
        files,
        quota,
        properties.quota().reuseWindow(),
        clock.getIfAvailable(Clock::systemUTC));
  }

  /**
   * Transient issuer faults before payment retry with backoff on the same row; the rest are final.
   */
  @Bean
  TaskDefinition dungjiRegistryIssue(
      DungjiProperties properties,
      NestRepository nests,
      RegistryFiles files,
      RegistryIssuer issuer,
      ObjectStorage storage,
      Payments payments,
      PaymentReconciliations reconciliations) {
    return TaskDefinition.of(
        TaskKind.named(RegistryTasks.ISSUE_KIND)
            .queue(RegistryTasks.ISSUE_QUEUE)
            .maxAttempts(properties.issueMaxAttempts())
            .staleAfter(properties.staleAfter())
            .lease(Duration.ofMinutes(2))
            .retryPolicy(
                RetryPolicy.exponential(properties.retryInitialDelay(), properties.retryMaxDelay())
                    .neverRetry(
                        RegistryTasks.DUPLICATE_PAYMENT,
                        RegistryTasks.PAYMENT_UNCERTAIN,
                        RegistryTasks.AUTOMATION_FAILED,
                        RegistryTasks.SAVE_FAILED))
            .build(),
        new IssuanceHandler(nests, files, issuer, storage, payments, reconciliations));
  }

  @Bean
  TaskDefinition dungjiRegistryOcr(
      DungjiProperties properties,
      RegistryFiles files,
      ObjectStorage storage,
      ObjectProvider<PageOcr> ocr,
      RegistryAnalyses analyses) {
    return TaskDefinition.of(
        TaskKind.named(RegistryTasks.OCR_KIND)
            .queue(RegistryTasks.OCR_QUEUE)
            .maxAttempts(properties.ocrMaxAttempts())
            .lease(Duration.ofMinutes(2))
            .retryPolicy(
                RetryPolicy.exponential(properties.retryInitialDelay(), properties.retryMaxDelay())
                    .neverRetry(
                        RegistryTasks.FILE_NOT_FOUND,
                        RegistryTasks.OCR_FAILED,
                        RegistryTasks.OCR_ENGINE_UNAVAILABLE))
            .build(),
        new OcrHandler(files, storage, ocr.getIfAvailable(), analyses));
  }

  /** The third chained task: the OCR's text parsed into the register (queue {@code analysis}). */
  @Bean
  TaskDefinition dungjiRegistryAnalysis(
      DungjiProperties properties,
      RegistryFiles files,
      RegistryAnalyses analyses,
      ObjectStorage storage,
      WatchDiffs watchDiffs) {
    return TaskDefinition.of(
        TaskKind.named(RegistryTasks.ANALYSIS_KIND)
            .queue(RegistryTasks.ANALYSIS_QUEUE)
            .maxAttempts(properties.ocrMaxAttempts())
            .lease(Duration.ofMinutes(1))
            .retryPolicy(
                RetryPolicy.exponential(properties.retryInitialDelay(), properties.retryMaxDelay())
                    .neverRetry(
                        RegistryTasks.FILE_NOT_FOUND,
                        RegistryTasks.PARSE_FAILED,
                        RegistryTasks.TEXT_MISSING))
            .build(),
        new AnalysisHandler(files, analyses, storage, watchDiffs));
  }

  @Bean
  OrphanSweeper dungjiOrphanSweeper(
      ObjectStorage storage,
      RegistryFiles files,
      DungjiProperties properties,
      ObjectProvider<Clock> clock) {
    return new OrphanSweeper(
        storage, files, clock.getIfAvailable(Clock::systemUTC), properties.sweepMinAge());
  }

  /**
   * The orphan sweep, a recurring kind every {@code dungji.sweep-interval} (0: no schedule; the
   * kind can still be submitted by hand). One attempt per slot: a failed sweep is tried again at
   * the next slot, and a sweep is left for the next slot when its queue was down for many.
   */
  @Bean
  TaskDefinition dungjiOrphanSweep(OrphanSweeper sweeper, DungjiProperties properties) {
    return housekeeping(
        RegistryTasks.SWEEP_KIND, properties.sweepInterval(), new OrphanSweepHandler(sweeper));
  }

  @Bean
  IssuanceCountPruner dungjiIssuanceCountPruner(
      DataSource dataSource,
      DungjiProperties properties,
      @Qualifier(DUNGJI_CLOCK) ObjectProvider<Clock> clock) {
    return new IssuanceCountPruner(
        JdbcClient.create(dataSource), properties.quota(), clock.getIfAvailable(Clock::systemUTC));
  }

  /**
   * The pruning of the quota's counting rows, a recurring kind every {@code
   * dungji.quota.prune-interval} (0: no schedule), declared as the orphan sweep is: one attempt per
   * slot (the next slot does the same work), one statement, so no transaction of the engine's.
   */
  @Bean
  TaskDefinition dungjiQuotaPrune(IssuanceCountPruner pruner, DungjiProperties properties) {
    return housekeeping(
        RegistryTasks.QUOTA_PRUNE_KIND,
        properties.quota().pruneInterval(),
        new IssuanceCountPruneHandler(pruner));
  }

  @Bean
  Watches dungjiWatches(DataSource dataSource) {
    return new Watches(JdbcClient.create(dataSource));
  }

  @Bean
  RegisterChanges dungjiRegisterChanges(DataSource dataSource) {
    return new RegisterChanges(JdbcClient.create(dataSource));
  }

  @Bean
  Inbox dungjiInbox(DataSource dataSource) {
    return new Inbox(JdbcClient.create(dataSource));
  }

  /**
   * The embedded default notifier ({@code dungji.notifier.type=inbox}, the default): the in-app
   * inbox. An adapter's auto-configuration (SMTP) provides its own for {@code smtp}.
   */
  @Bean
  @ConditionalOnMissingBean(Notifier.class)
  @ConditionalOnProperty(
      name = "dungji.notifier.type",
      havingValue = "inbox",
      matchIfMissing = true)
  Notifier dungjiInboxNotifier(Inbox inbox) {
    return inbox::send;
  }

  @Bean
  WatchDiffs dungjiWatchDiffs(Watches watches, RegistryAnalyses analyses, RegisterChanges changes) {
    return new WatchDiffs(watches, analyses, changes);
  }

  @Bean
  WatchService dungjiWatchService(
      NestService nests,
      Watches watches,
      RegistryAnalyses analyses,
      PlatformTransactionManager transactionManager,
      DungjiProperties properties,
      @Qualifier(DUNGJI_CLOCK) ObjectProvider<Clock> clock) {
    return new WatchService(
        nests,
        watches,
        analyses,
        new TransactionTemplate(transactionManager),
        clock.getIfAvailable(Clock::systemUTC),
        properties.quota().zone());
  }

  @Bean
  WatchScanner dungjiWatchScanner(
      Watches watches,
      ObjectProvider<IssuanceService> issuance,
      PlatformTransactionManager transactionManager,
      DungjiProperties properties,
      @Qualifier(DUNGJI_CLOCK) ObjectProvider<Clock> clock) {
    return new WatchScanner(
        watches,
        issuance::getObject,
        new TransactionTemplate(transactionManager),
        clock.getIfAvailable(Clock::systemUTC),
        properties.quota().zone());
  }

  /**
   * The watch scan, a recurring kind every {@code dungji.watch.scan-interval}: each due watch is
   * re-issued once per slot of its own schedule (see {@link WatchScanner}); its transactions are
   * its own, one per watch.
   */
  @Bean
  TaskDefinition dungjiWatchScan(WatchScanner scanner, DungjiProperties properties) {
    return housekeeping(
        RegistryTasks.WATCH_SCAN_KIND,
        properties.watch().scanInterval(),
        new WatchScanHandler(scanner));
  }

  /**
   * One change event's notification (queue {@code analysis}, submitted with the change): a notifier
   * that cannot deliver is retried with backoff on the same row, up to {@code
   * dungji.watch.notify-max-attempts}.
   */
  @Bean
  TaskDefinition dungjiWatchNotify(
      DungjiProperties properties,
      RegisterChanges changes,
      Notifier notifier,
      DataSource dataSource) {
    return TaskDefinition.of(
        TaskKind.named(WatchDiffs.NOTIFY_KIND)
            .queue(RegistryTasks.ANALYSIS_QUEUE)
            .maxAttempts(properties.watch().notifyMaxAttempts())
            .lease(Duration.ofMinutes(1))
            .retryPolicy(
                RetryPolicy.exponential(properties.retryInitialDelay(), properties.retryMaxDelay())
                    .neverRetry(NotifyHandler.CHANGE_NOT_FOUND, NotifyHandler.NOTICE_UNDELIVERABLE))
            .build(),
        new NotifyHandler(changes, notifier, JdbcClient.create(dataSource)));
  }

  /**
   * A recurring housekeeping kind on the issuance queue, every {@code interval} (zero: no schedule;
   * it can still be submitted by hand): one attempt per slot, one statement, no engine transaction.
   */
  private static TaskDefinition housekeeping(String kind, Duration interval, TaskHandler handler) {
    return TaskDefinition.of(
        TaskKind.named(kind)
            .queue(RegistryTasks.ISSUE_QUEUE)
            .maxAttempts(1)
            .lease(Duration.ofMinutes(2))
            .transactional(false)
            .schedule(interval.isZero() ? null : Schedule.every(interval))
            .build(),
        handler);
  }

  /** The gauge of open reconciliation records, where Micrometer is on the class path. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
  static class Metrics {
    @Bean
    ReconciliationMetrics dungjiReconciliationMetrics(PaymentReconciliations reconciliations) {
      return new ReconciliationMetrics(reconciliations, Duration.ofSeconds(5));
    }
  }

  /** The HTTP API, in web applications only (a separate OCR worker has none). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnWebApplication
  @Import({
    NestController.class,
    RegistryController.class,
    RegistryEventsController.class,
    ReconciliationController.class,
    ReportController.class,
    TenantInputsController.class,
    WatchController.class
  })
  static class Web {
    /**
     * The events URLs authenticate themselves (bearer or stream token, in {@link
     * RegistryEventsController}): a browser's EventSource cannot send a bearer header.
     */
    @Bean
    PublicEndpoint dungjiRegistryEvents() {
      return PublicEndpoint.get("/nests/*/analysis/registry/*/*/events");
    }
  }
}
