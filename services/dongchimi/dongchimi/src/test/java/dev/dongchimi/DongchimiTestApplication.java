package dev.dongchimi;

import dev.platform.storage.testing.InMemoryObjectStorage;
import dev.taskrow.test.SettableClock;
import dev.taskrow.test.TestDatabase;
import java.time.Instant;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** 동치미 with the account system on the test JVM's PostgreSQL, a settable clock, memory storage. */
@SpringBootConfiguration
@EnableAutoConfiguration
class DongchimiTestApplication {
  /** 10:00 in Seoul on 2026-03-02. */
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
  InMemoryObjectStorage objectStorage() {
    return new InMemoryObjectStorage();
  }

  /** An object store in memory: the storage adapters have their own contract tests. */
}
