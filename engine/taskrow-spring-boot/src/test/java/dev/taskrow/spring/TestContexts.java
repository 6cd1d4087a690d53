package dev.taskrow.spring;

import dev.taskrow.test.TestDatabase;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/** An application context as an application gets it, on the test JVM's real PostgreSQL. */
final class TestContexts {
  private TestContexts() {}

  static ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                DataSourceTransactionManagerAutoConfiguration.class,
                TransactionAutoConfiguration.class,
                JdbcTemplateAutoConfiguration.class,
                TaskrowAutoConfiguration.class,
                TaskrowHealthAutoConfiguration.class,
                TaskrowMetricsAutoConfiguration.class))
        // Not the pool itself: closing a context must not close the pool the other tests share.
        .withBean(DataSource.class, () -> new DelegatingDataSource(TestDatabase.dataSource()));
  }
}
