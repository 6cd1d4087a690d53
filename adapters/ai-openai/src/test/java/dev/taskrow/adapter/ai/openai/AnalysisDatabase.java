package dev.taskrow.adapter.ai.openai;

import dev.taskrow.core.testing.TestDatabase;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/** The test JVM's PostgreSQL with the application's migrations, as the import's tests run them. */
final class AnalysisDatabase {
  private static boolean migrated;

  private AnalysisDatabase() {}

  static synchronized DataSource dataSource() {
    DataSource dataSource = TestDatabase.dataSource();
    if (!migrated) {
      Flyway.configure()
          .dataSource(dataSource)
          .locations("classpath:db/migration")
          .baselineOnMigrate(true)
          .baselineVersion("0")
          .outOfOrder(true)
          .load()
          .migrate();
      migrated = true;
    }
    return dataSource;
  }
}
