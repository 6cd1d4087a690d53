package dev.dongchimi.importer;

import dev.dongchimi.Catalog;
import dev.dongchimi.DongchimiAutoConfiguration;
import dev.dongchimi.DongchimiProperties;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.images.ProductPictures;
import dev.platform.accounts.PublicEndpoint;
import dev.platform.storage.ObjectStorage;
import dev.taskrow.core.RetryPolicy;
import dev.taskrow.core.TaskKind;
import dev.taskrow.spring.TaskDefinition;
import dev.taskrow.spring.TaskrowTemplate;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The import: its task kind and handler, the API, the analyser. The AI ({@link ProductAi}) and the
 * image source ({@link ImageCandidates}) are ports: the app picks them by configuration.
 */
@AutoConfiguration(after = DongchimiAutoConfiguration.class)
@EnableConfigurationProperties(ImportProperties.class)
@ConditionalOnBean({ProductAi.class, ImageCandidates.class, ObjectStorage.class})
@Import(ImportController.class)
public class ImportAutoConfiguration {

  @Bean
  ImportStore dongchimiImportStore(JdbcClient jdbc, PlatformTransactionManager transactions) {
    return new ImportStore(jdbc, transactions);
  }

  /** The pictures pasted into imported sheets, as image candidates ({@link SheetPictures}). */
  @Bean
  SheetPictureStore dongchimiSheetPictures(JdbcClient jdbc) {
    return new SheetPictureStore(jdbc);
  }

  @Bean
  AnalysisCache dongchimiAnalysisCache(JdbcClient jdbc, PlatformTransactionManager transactions) {
    return new AnalysisCache(jdbc, transactions);
  }

  /**
   * One cap on AI calls in flight shared by every import: the process's, or with {@code
   * dongchimi.import.ai-shared-budget=true} every instance's on the same database.
   */
  @Bean
  @ConditionalOnMissingBean
  Analyser dongchimiAnalyser(
      ProductAi ai,
      ImageCandidates images,
      AnalysisCache cache,
      ImportProperties properties,
      DataSource dataSource) {
    AiBudget budget =
        properties.aiSharedBudget()
            ? new SharedAiBudget(
                dataSource,
                properties.aiConcurrency(),
                properties.aiRequestsPerMinute(),
                properties.aiBudgetLeak(),
                Duration.ofMillis(20))
            : AiBudget.perProcess(new Semaphore(properties.aiConcurrency(), true));
    return new Analyser(ai, images, cache, budget, properties, d -> Thread.sleep(d));
  }

  @Bean
  ImportService dongchimiImportService(
      Catalog catalog,
      ObjectStorage storage,
      TaskrowTemplate taskrow,
      ImportStore store,
      PlatformTransactionManager transactions,
      ImportProperties properties) {
    return new ImportService(
        catalog, storage, taskrow, store, new TransactionTemplate(transactions), properties);
  }

  @Bean
  TaskDefinition dongchimiImportTask(
      ImportStore store,
      SheetPictureStore sheetPictures,
      ObjectStorage storage,
      Analyser analyser,
      Catalog catalog,
      ImportProperties properties,
      DongchimiProperties dongchimi,
      ProductPictures pictures) {
    return TaskDefinition.of(
        TaskKind.named(ImportService.KIND)
            .queue(ImportService.QUEUE)
            .maxAttempts(properties.maxAttempts())
            .lease(Duration.ofMinutes(5))
            .retryPolicy(
                RetryPolicy.exponential(Duration.ofSeconds(30), Duration.ofMinutes(10))
                    .alwaysRetry("AI_UNAVAILABLE", "STORAGE_UNAVAILABLE")
                    .neverRetry(
                        "INVALID_FILE",
                        "ROW_ERRORS",
                        "NOT_A_WORKBOOK",
                        "ENCRYPTED_FILE",
                        "ZIP_BOMB",
                        "XML_BOMB",
                        "TOO_MANY_ROWS",
                        "FILE_NOT_FOUND",
                        "MART_NOT_FOUND"))
            .build(),
        new ImportHandler(
            store,
            sheetPictures,
            storage,
            analyser,
            catalog,
            properties,
            dongchimi.zone(),
            new ImportPictures(pictures, properties.aiConcurrency())));
  }

  @Bean
  PublicEndpoint dongchimiImportTemplate() {
    return PublicEndpoint.get("/product-imports/template.xlsx");
  }

  /** Live progress over server-sent events, in web applications. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
  @Import(ImportEventsController.class)
  static class Streams {
    /** Authenticated by the controller itself: a bearer token or a stream token. */
    @Bean
    PublicEndpoint dongchimiImportEvents() {
      return PublicEndpoint.get("/marts/*/product-imports/*/events");
    }
  }
}
