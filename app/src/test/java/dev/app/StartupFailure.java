package dev.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ContextConsumer;

/** How the app's configuration tests say "start-up stops, and says why". */
public final class StartupFailure {
  private StartupFailure() {}

  /** The value could not be converted (an unknown enum constant, a malformed URL). */
  public static ContextConsumer<AssertableApplicationContext> cannotBind(String property) {
    return failureSays("Failed to bind properties under '" + property + "'");
  }

  /** Some exception of the failure's cause chain says each fragment (messages only). */
  public static ContextConsumer<AssertableApplicationContext> failureSays(String... fragments) {
    return dev.taskrow.test.StartupFailure.failureSays(fragments);
  }

  /** The root cause's message names the problem: a check of ours or Jakarta validation's list. */
  public static ContextConsumer<AssertableApplicationContext> rootCauseSays(String... fragments) {
    return context ->
        assertThat(context).hasFailed().getFailure().rootCause().hasMessageContainingAll(fragments);
  }
}
