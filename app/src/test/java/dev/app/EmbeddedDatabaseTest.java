package dev.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.embedded.EmbeddedDefault;
import dev.platform.embedded.EmbeddedProperties;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class EmbeddedDatabaseTest {

  @Test
  void dataSurvivesARestart(@TempDir Path dataDir) throws Exception {
    try (EmbeddedPostgres first = EmbeddedPostgresServer.start(dataDir)) {
      execute(first, "create table kept (id int); insert into kept values (42)");
    }
    try (EmbeddedPostgres second = EmbeddedPostgresServer.start(dataDir);
        Connection connection = second.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("select id from kept")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getInt(1)).isEqualTo(42);
    }
  }

  @Test
  void nothingEmbeddedStartsWhenADatabaseUrlIsSet() {
    new ApplicationContextRunner()
        .withUserConfiguration(EmbeddedDatabaseConfiguration.class, WithProperties.class)
        .withPropertyValues("spring.datasource.url=jdbc:postgresql://db.example:5432/taskrow")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).doesNotHaveBean(EmbeddedPostgres.class);
              assertThat(context).doesNotHaveBean(JdbcConnectionDetails.class);
              assertThat(context).doesNotHaveBean(EmbeddedDefault.class);
            });
  }

  private static void execute(EmbeddedPostgres postgres, String sql) throws Exception {
    try (Connection connection = postgres.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  @EnableConfigurationProperties(EmbeddedProperties.class)
  static class WithProperties {}
}
