package dev.taskrow.dashboard;

import dev.taskrow.core.Schedule;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskKind;
import dev.taskrow.spring.TaskDefinition;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * An application as one that adds the dashboard would be: its own security (form login, session
 * cookie, CSRF, three in-memory users), the engine on the test JVM's PostgreSQL, a worker for the
 * {@code mail} queue, a submit-only kind on {@code reports} (no handler: its tasks stay PENDING)
 * and two recurring kinds on {@code digests}, an interval and a cron in another zone than the
 * dashboard's (no handler either: no scheduler enqueues their slots, the test sets the mark).
 */
@SpringBootConfiguration
@EnableAutoConfiguration
class DashboardTestApplication {
  static final String MAIL = "mail.send";
  static final String REPORT = "report.build";
  static final String HOURLY = "digest.hourly";
  static final String NIGHTLY = "digest.nightly";
  static final Schedule HOURLY_SCHEDULE = Schedule.every(Duration.ofHours(1));
  static final Schedule NIGHTLY_SCHEDULE = Schedule.cron("30 4 * * *", ZoneId.of("Europe/Berlin"));

  /** The ids of the mail tasks a handler started, to see that a paused queue starts none. */
  static final Set<String> STARTED = ConcurrentHashMap.newKeySet();

  @Bean
  DataSource dataSource() {
    // Not the pool itself: closing the context must not close the pool the JVM shares.
    return new DelegatingDataSource(TestDatabase.dataSource());
  }

  /** Fails for good with the payload's {@code fail} code when it has one, else succeeds. */
  @Bean
  TaskDefinition mail() {
    return TaskDefinition.of(
        TaskKind.named(MAIL).queue("mail").maxAttempts(1).build(),
        context -> {
          STARTED.add(context.taskId().toString());
          String payload = context.payload();
          if (payload != null && payload.contains("\"fail\"")) {
            throw TaskFailure.fatal("SMTP_REJECTED", "550 mailbox unavailable: " + payload);
          }
        });
  }

  @Bean
  TaskKind report() {
    return TaskKind.named(REPORT).queue("reports").build();
  }

  @Bean
  TaskKind hourly() {
    return TaskKind.named(HOURLY).queue("digests").schedule(HOURLY_SCHEDULE).build();
  }

  @Bean
  TaskKind nightly() {
    return TaskKind.named(NIGHTLY).queue("digests").schedule(NIGHTLY_SCHEDULE).build();
  }

  @Bean
  InMemoryUserDetailsManager users() {
    return new InMemoryUserDetailsManager(
        User.withUsername("admin").password("{noop}admin-pw").roles("ADMIN").build(),
        User.withUsername("viewer").password("{noop}viewer-pw").roles("TASKROW_VIEWER").build(),
        User.withUsername("plain").password("{noop}plain-pw").roles("USER").build());
  }

  /** What the dashboard's README asks of an application: authenticate its path, keep CSRF on. */
  @Bean
  SecurityFilterChain security(HttpSecurity http) throws Exception {
    return http.authorizeHttpRequests(
            authorize ->
                authorize
                    .requestMatchers("/ops/taskrow/assets/**")
                    .permitAll()
                    .requestMatchers("/ops/taskrow", "/ops/taskrow/**", "/csrf")
                    .authenticated()
                    .anyRequest()
                    .permitAll())
        .formLogin(Customizer.withDefaults())
        .build();
  }

  /** For the tests' hand-made POSTs: a valid token of the session, as a page's form would hold. */
  @RestController
  static class CsrfTokenOfTheSession {
    @GetMapping("/csrf")
    String token(CsrfToken token) {
      return token.getToken();
    }
  }
}
