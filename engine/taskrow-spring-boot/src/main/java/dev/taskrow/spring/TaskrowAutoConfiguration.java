package dev.taskrow.spring;

import dev.taskrow.core.InProcessSignals;
import dev.taskrow.core.PostgresSignals;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskListener;
import dev.taskrow.core.TaskTracing;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.TransactionRunner;
import java.time.Clock;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * One {@link Taskrow} engine for the application's DataSource, with the kinds and handlers declared
 * as beans, the {@code taskrow.*} properties applied, and a worker that follows the context's
 * lifecycle. Every bean backs off when the application declares its own.
 */
@AutoConfiguration(
    after = {
      DataSourceAutoConfiguration.class,
      DataSourceTransactionManagerAutoConfiguration.class,
      TransactionAutoConfiguration.class
    })
@ConditionalOnSingleCandidate(DataSource.class)
@EnableConfigurationProperties(TaskrowProperties.class)
public class TaskrowAutoConfiguration {
  /**
   * The name of an optional {@link Clock} bean that the engine then runs on instead of the
   * database's clock (tests move it to expire leases and age tasks without sleeping).
   */
  public static final String TASKROW_CLOCK = "taskrowClock";

  @Bean
  @ConditionalOnMissingBean
  TaskrowSchemaMigration taskrowSchemaMigration(
      DataSource dataSource, TaskrowProperties properties) {
    return new TaskrowSchemaMigration(dataSource, properties.getSchema().isMigrate());
  }

  /** Closed on shutdown (PostgreSQL holds a LISTEN connection), after the worker has stopped. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  Signals taskrowSignals(TaskrowProperties properties, DataSource dataSource) {
    return switch (properties.getSignals()) {
      case IN_PROCESS -> new InProcessSignals();
      case POSTGRES -> new PostgresSignals(dataSource);
      case NONE -> Signals.none();
      case REDIS ->
          throw new IllegalStateException(
              "taskrow.signals=redis needs the taskrow Redis module, which provides the Signals"
                  + " bean; it is not on the classpath");
    };
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnSingleCandidate(PlatformTransactionManager.class)
  TransactionRunner taskrowTransactionRunner(
      PlatformTransactionManager transactionManager, DataSource dataSource) {
    return new SpringTransactionRunner(transactionManager, dataSource);
  }

  /** The schema migration is a parameter so that it has run before the engine exists. */
  @Bean
  @ConditionalOnMissingBean
  Taskrow taskrow(
      DataSource dataSource,
      TaskrowProperties properties,
      TaskrowSchemaMigration schemaMigration,
      Signals signals,
      ObjectProvider<TransactionRunner> transactions,
      ObjectProvider<TaskKind> kinds,
      ObjectProvider<TaskDefinition> definitions,
      ObjectProvider<TaskListener> listeners,
      ObjectProvider<TaskTracing> tracing,
      @Qualifier(TASKROW_CLOCK) ObjectProvider<Clock> clock) {
    Taskrow.Builder builder =
        Taskrow.builder(dataSource)
            .signals(signals)
            .asyncLeaseCommits(properties.getWorker().isAsyncLeaseCommits());
    // Only for tests: a settable clock replaces the database clock for leases, retries, staleness.
    clock.ifAvailable(builder::clock);
    TaskKinds.assemble(
            kinds.orderedStream().toList(),
            definitions.orderedStream().toList(),
            properties.getKinds())
        .forEach(builder::kind);
    transactions.ifAvailable(builder::transactions);
    listeners.orderedStream().forEach(builder::listener);
    tracing.ifAvailable(builder::tracing);
    return builder.build();
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnSingleCandidate(PlatformTransactionManager.class)
  TaskrowTemplate taskrowTemplate(
      Taskrow taskrow, DataSource dataSource, PlatformTransactionManager transactionManager) {
    return new TaskrowTemplate(taskrow, dataSource, transactionManager);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBooleanProperty(name = "taskrow.worker.enabled", matchIfMissing = true)
  TaskrowWorkerLifecycle taskrowWorker(
      Taskrow taskrow, ObjectProvider<TaskDefinition> definitions, TaskrowProperties properties) {
    List<TaskDefinition> handled = definitions.orderedStream().toList();
    WorkerPlan plan = WorkerPlan.of(taskrow, handled, properties.getWorker());
    return new TaskrowWorkerLifecycle(taskrow, plan, properties.getWorker());
  }
}
