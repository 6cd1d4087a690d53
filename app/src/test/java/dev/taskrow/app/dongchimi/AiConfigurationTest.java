package dev.taskrow.app.dongchimi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.taskrow.dongchimi.importer.ai.ProductAi;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class AiConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner().withUserConfiguration(AiConfiguration.class);

  @Test
  void theLocalAnalyserIsTheDefault() {
    runner.run(context -> assertThat(context).hasSingleBean(ProductAi.class));
  }

  @Test
  void anAnalyserThatDoesNotExistFailsStartUpClearly() {
    runner
        .withPropertyValues("app.ai.type=openai")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("app.ai.type=openai is not available"));
  }
}
