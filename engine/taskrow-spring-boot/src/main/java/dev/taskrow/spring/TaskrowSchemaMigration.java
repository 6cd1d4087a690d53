package dev.taskrow.spring;

import dev.taskrow.core.Schema;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;

/**
 * Brings the engine's tables up to date before the engine is used. It keeps its own Flyway history
 * table, so it lives beside the application's own migrations without touching their numbering.
 */
public class TaskrowSchemaMigration implements InitializingBean {
  private final DataSource dataSource;
  private final boolean enabled;

  public TaskrowSchemaMigration(DataSource dataSource, boolean enabled) {
    this.dataSource = dataSource;
    this.enabled = enabled;
  }

  @Override
  public void afterPropertiesSet() {
    if (enabled) {
      Schema.migrate(dataSource);
    }
  }
}
