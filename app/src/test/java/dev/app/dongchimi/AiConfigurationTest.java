package dev.app.dongchimi;

import static dev.app.StartupFailure.cannotBind;
import static dev.app.StartupFailure.rootCauseSays;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.adapter.ai.openai.OpenAiProductAi;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.importer.local.LocalImageCatalog;
import dev.dongchimi.importer.local.LocalProductAi;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class AiConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner().withUserConfiguration(AiConfiguration.class);

  private static final String[] OPENAI = {
    "dongchimi.ai.type=openai",
    "dongchimi.ai.openai.base-url=https://api.example.test/v1",
    "dongchimi.ai.openai.model=gpt-4o-mini",
    "dongchimi.ai.openai.api-key=sk-test-not-a-secret",
  };

  @Test
  void theLocalAnalyserIsTheDefault() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(ProductAi.class);
          assertThat(context.getBean(ProductAi.class)).isInstanceOf(LocalProductAi.class);
        });
  }

  @Test
  void openaiBuildsTheChatApiAdapterAndKeepsTheLocalImageCandidates() {
    runner
        .withPropertyValues(OPENAI)
        .withPropertyValues(
            "dongchimi.ai.openai.request-timeout=12s", "dongchimi.ai.openai.connect-timeout=2s")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(ProductAi.class);
              ProductAi ai = context.getBean(ProductAi.class);
              assertThat(ai).isInstanceOf(OpenAiProductAi.class);
              assertThat(ai.modelVersion()).startsWith("openai:gpt-4o-mini:");
              assertThat(context.getBean(ImageCandidates.class))
                  .isInstanceOf(LocalImageCatalog.class);
              AiProperties properties = context.getBean(AiProperties.class);
              assertThat(properties.openai().requestTimeout()).isEqualTo(Duration.ofSeconds(12));
              assertThat(properties.openai().connectTimeout()).isEqualTo(Duration.ofSeconds(2));
              assertThat(properties.toString()).doesNotContain("sk-test-not-a-secret");
            });
  }

  @Test
  void openaiWithoutAKeyFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues(OPENAI)
        .withPropertyValues("dongchimi.ai.openai.api-key=")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("dongchimi.ai.openai.api-key is required")
                    .hasMessageContaining("DONGCHIMI_AI_OPENAI_API_KEY"));
  }

  @Test
  void openaiWithoutABaseUrlFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues("dongchimi.ai.type=openai", "dongchimi.ai.openai.api-key=sk-test")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("dongchimi.ai.openai.base-url is required"));
  }

  @Test
  void openaiWithABadBaseUrlFailsStartUpClearly() {
    runner
        .withPropertyValues(OPENAI)
        .withPropertyValues("dongchimi.ai.openai.base-url=api.example.test/v1")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("base URL must be an http(s) URL"));
  }

  /** The type is an enum: binding refuses the value, and Boot's report lists the valid ones. */
  @Test
  void anAnalyserThatDoesNotExistFailsStartUpClearly() {
    runner
        .withPropertyValues("dongchimi.ai.type=magic")
        .run(cannotBind("dongchimi.ai.type").andThen(rootCauseSays("magic")));
  }

  @Test
  void anImageSourceThatDoesNotExistFailsStartUpClearly() {
    runner.withPropertyValues("dongchimi.images.type=web").run(cannotBind("dongchimi.images.type"));
  }

  @Test
  void aTimeoutOfZeroFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues("dongchimi.ai.openai.request-timeout=0s")
        .run(
            rootCauseSays(
                "Binding validation errors on dongchimi.ai", "field 'openai.requestTimeout'"));
  }
}
