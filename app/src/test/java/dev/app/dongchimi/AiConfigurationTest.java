package dev.app.dongchimi;

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
    "app.ai.type=openai",
    "app.ai.openai.base-url=https://api.example.test/v1",
    "app.ai.openai.model=gpt-4o-mini",
    "app.ai.openai.api-key=sk-test-not-a-secret",
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
        .withPropertyValues("app.ai.openai.request-timeout=12s", "app.ai.openai.connect-timeout=2s")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(ProductAi.class);
              ProductAi ai = context.getBean(ProductAi.class);
              assertThat(ai).isInstanceOf(OpenAiProductAi.class);
              assertThat(ai.modelVersion()).startsWith("openai:gpt-4o-mini:");
              assertThat(context.getBean(ImageCandidates.class))
                  .isInstanceOf(LocalImageCatalog.class);
              AiConfiguration.OpenAiProperties properties =
                  context.getBean(AiConfiguration.OpenAiProperties.class);
              assertThat(properties.requestTimeout()).isEqualTo(Duration.ofSeconds(12));
              assertThat(properties.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
              assertThat(properties.toString()).doesNotContain("sk-test-not-a-secret");
            });
  }

  @Test
  void openaiWithoutAKeyFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues(OPENAI)
        .withPropertyValues("app.ai.openai.api-key=")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("app.ai.openai.api-key is required")
                    .hasMessageContaining("APP_AI_OPENAI_API_KEY"));
  }

  @Test
  void openaiWithoutABaseUrlFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues("app.ai.type=openai", "app.ai.openai.api-key=sk-test")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("app.ai.openai.base-url is required"));
  }

  @Test
  void openaiWithABadBaseUrlFailsStartUpClearly() {
    runner
        .withPropertyValues(OPENAI)
        .withPropertyValues("app.ai.openai.base-url=api.example.test/v1")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("base URL must be an http(s) URL"));
  }

  @Test
  void anAnalyserThatDoesNotExistFailsStartUpClearly() {
    runner
        .withPropertyValues("app.ai.type=magic")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("app.ai.type=magic is not available"));
  }
}
