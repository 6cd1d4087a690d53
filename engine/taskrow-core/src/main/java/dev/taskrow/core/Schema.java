package dev.taskrow.core;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * The engine's own schema, migrated with Flyway into its own history table, so the applications
 * that embed the engine keep their migration numbering to themselves.
 */
public final class Schema {
  public static final String LOCATION = "classpath:taskrow/db/migration";
  public static final String HISTORY_TABLE = "taskrow_schema_history";

  private Schema() {}

  public static void migrate(DataSource dataSource) {
    Flyway.configure()
        .dataSource(dataSource)
        .locations(LOCATION)
        .table(HISTORY_TABLE)
        .baselineOnMigrate(true)
        .baselineVersion("0")
        .load()
        .migrate();
  }
}
