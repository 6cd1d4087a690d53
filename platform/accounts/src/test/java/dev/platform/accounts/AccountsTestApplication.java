package dev.platform.accounts;

import dev.taskrow.test.SettableClock;
import dev.taskrow.test.TestDatabase;
import java.time.Instant;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** The account system alone, on the test JVM's real PostgreSQL, with a clock the tests move. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(AccountsTestApplication.OwnerOnlyController.class)
class AccountsTestApplication {
  static final Instant START = Instant.parse("2026-03-02T01:00:00Z");

  @Bean
  DataSource dataSource() {
    return TestDatabase.dataSource();
  }

  @Bean
  SettableClock clock() {
    return new SettableClock(START);
  }

  @Bean
  PublicEndpoint publicPing() {
    return PublicEndpoint.get("/test/public");
  }

  /** What a domain module does: take CurrentUser, refuse by role. */
  @RestController
  static class OwnerOnlyController {
    @GetMapping("/test/owner-only")
    Map<String, Object> ownerOnly(CurrentUser user) {
      if (!user.has(Role.MART_OWNER)) {
        throw new AccessDeniedException("owners only");
      }
      return Map.of("id", user.id(), "roles", user.roles());
    }

    @GetMapping("/test/public")
    Map<String, Object> ping() {
      return Map.of("ok", true);
    }

    @GetMapping("/test/items/{id}")
    Map<String, Object> item(@PathVariable long id, CurrentUser user) {
      return Map.of("id", id);
    }

    /** A defect in a handler: its message must not reach the client. */
    @GetMapping("/test/broken")
    Map<String, Object> broken(CurrentUser user) {
      throw new IllegalStateException("select password_hash from accounts_user: connection reset");
    }
  }
}
