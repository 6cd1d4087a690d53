package dev.taskrow.test;

import static org.assertj.core.api.Assertions.assertThat;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ContextConsumer;

/**
 * How a configuration test says "start-up stops, and says why" with Spring Boot's {@code
 * ApplicationContextRunner}: the engine's starters and the applications on them share it (it needs
 * {@code spring-boot-test}, which this kit declares optional).
 */
public final class StartupFailure {
  private StartupFailure() {}

  /**
   * The context failed, and the messages of its failure's cause chain, read together, contain each
   * fragment: a binding error names the property in one exception and the reason in its cause.
   */
  public static ContextConsumer<AssertableApplicationContext> failureSays(String... fragments) {
    return context -> {
      assertThat(context).hasFailed();
      StringBuilder messages = new StringBuilder();
      for (Throwable e = context.getStartupFailure(); e != null; e = e.getCause()) {
        messages.append(e.getMessage()).append('\n');
      }
      assertThat(messages.toString()).contains(fragments);
    };
  }
}
