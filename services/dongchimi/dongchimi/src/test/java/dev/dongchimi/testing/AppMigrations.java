package dev.dongchimi.testing;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * The application's own migrations (each module's {@code db/migration/<module>} on the class path),
 * for code that migrates without Spring Boot: tests and benchmarks. The settings are the ones the
 * app gives Flyway as {@code spring.flyway.*} in {@code app/src/main/resources/ application.yml},
 * which stays their source of truth: the app's {@code TaskrowApplicationTest} fails when these
 * differ from the Flyway the running app configured.
 */
public final class AppMigrations {
  private AppMigrations() {}

  /** Flyway configured as the app configures it, on {@code dataSource}. */
  public static FluentConfiguration configure(DataSource dataSource) {
    return Flyway.configure()
        .dataSource(dataSource)
        .locations("classpath:db/migration")
        // The engine keeps its own history (taskrow_schema_history): whichever runs first, the
        // other finds a non-empty schema.
        .baselineOnMigrate(true)
        .baselineVersion("0")
        // Each module numbers its migrations with its own major version and adds them
        // independently.
        .outOfOrder(true);
  }

  public static void migrate(DataSource dataSource) {
    configure(dataSource).load().migrate();
  }
}
