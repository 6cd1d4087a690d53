package dev.app;

import dev.platform.embedded.EmbeddedDefault;
import dev.platform.embedded.EmbeddedProperties;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * With no {@code spring.datasource.url}, an embedded PostgreSQL in {@code
 * <embedded.data-dir>/postgres}. It is handed to Spring Boot as connection details, so Boot still
 * builds the pool and {@code spring.datasource.hikari.*} still applies.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(NoDataSourceUrlCondition.class)
@EnableConfigurationProperties(EmbeddedProperties.class)
class EmbeddedDatabaseConfiguration {

  @Bean(destroyMethod = "close")
  EmbeddedPostgres embeddedPostgres(EmbeddedProperties properties) throws IOException {
    return EmbeddedPostgresServer.start(dataDirectory(properties));
  }

  @Bean
  JdbcConnectionDetails embeddedPostgresConnectionDetails(EmbeddedPostgres postgres) {
    String url = postgres.getJdbcUrl("postgres", "postgres");
    return new JdbcConnectionDetails() {
      @Override
      public String getUsername() {
        return "postgres";
      }

      @Override
      public String getPassword() {
        return "";
      }

      @Override
      public String getJdbcUrl() {
        return url;
      }
    };
  }

  @Bean
  EmbeddedDefault embeddedDatabaseDefault(
      EmbeddedPostgres postgres, EmbeddedProperties properties) {
    return EmbeddedDefault.inUse(
        "database: embedded PostgreSQL in "
            + dataDirectory(properties)
            + " (port "
            + postgres.getPort()
            + ") — not for production; set "
            + NoDataSourceUrlCondition.URL);
  }

  private static Path dataDirectory(EmbeddedProperties properties) {
    return properties.dataDir().resolve("postgres").toAbsolutePath().normalize();
  }
}
