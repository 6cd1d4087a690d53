package dev.dongchimi.adapter.ai.openai;

import dev.dongchimi.testing.AppMigrations;
import dev.taskrow.test.TestDatabase;
import javax.sql.DataSource;

/** The test JVM's PostgreSQL with the application's migrations, as the import's tests run them. */
final class AnalysisDatabase {
  private static boolean migrated;

  private AnalysisDatabase() {}

  static synchronized DataSource dataSource() {
    DataSource dataSource = TestDatabase.dataSource();
    if (!migrated) {
      AppMigrations.migrate(dataSource);
      migrated = true;
    }
    return dataSource;
  }
}
