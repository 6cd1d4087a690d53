package dev.app.dongchimi;

import dev.dongchimi.adapter.ai.openai.OpenAiProductAi;
import dev.dongchimi.adapter.ai.openai.OpenAiSettings;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.importer.local.Lexicon;
import dev.dongchimi.importer.local.LocalImageCatalog;
import dev.dongchimi.importer.local.LocalProductAi;
import dev.platform.embedded.EmbeddedDefault;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * 동치미 import's AI, chosen by {@code app.ai.type}: {@code local} (the embedded default: a
 * deterministic Korean lexicon, no network) or {@code openai} (an OpenAI-compatible chat API,
 * {@code app.ai.openai.*}). Image candidates by {@code app.images.type}: {@code local} (stock
 * pictures per keyword under {@code app.images.local.base-url}), whichever AI chooses among them.
 */
@Configuration(proxyBeanMethods = false)
public class AiConfiguration {

  @Bean
  Lexicon dongchimiLexicon() {
    return Lexicon.load();
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "app.ai.type", havingValue = "local", matchIfMissing = true)
  static class Local {
    @Bean
    ProductAi localProductAi(Lexicon lexicon) {
      return new LocalProductAi(lexicon);
    }

    @Bean
    EmbeddedDefault localAiDefault() {
      return EmbeddedDefault.inUse(
          "ai: local deterministic analyser — a Korean lexicon, not a real model; set"
              + " app.ai.type=openai and app.ai.openai.* for an OpenAI-compatible chat API");
    }
  }

  /**
   * {@code app.ai.openai.*}. The key has no default and belongs in the environment ({@code
   * APP_AI_OPENAI_API_KEY}) or a secret store, never in a file of the repository.
   *
   * @param baseUrl the API root that {@code /chat/completions} is under
   * @param model the model every call names
   * @param apiKey the bearer token
   * @param connectTimeout opening a connection
   * @param requestTimeout one call, until the whole answer is in
   */
  @ConfigurationProperties("app.ai.openai")
  record OpenAiProperties(
      String baseUrl,
      String model,
      String apiKey,
      @DefaultValue("5s") Duration connectTimeout,
      @DefaultValue("30s") Duration requestTimeout) {
    @Override
    public String toString() {
      return "OpenAiProperties[baseUrl=" + baseUrl + ", model=" + model + ", apiKey=***]";
    }
  }

  /** An OpenAI-compatible chat API; a missing setting fails start-up, naming the property. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "app.ai.type", havingValue = "openai")
  @EnableConfigurationProperties(OpenAiProperties.class)
  static class OpenAi {
    @Bean
    ProductAi openAiProductAi(OpenAiProperties p) {
      required("app.ai.openai.base-url", p.baseUrl(), "e.g. https://api.openai.com/v1");
      required("app.ai.openai.model", p.model(), "e.g. gpt-4o-mini");
      required(
          "app.ai.openai.api-key", p.apiKey(), "or the environment variable APP_AI_OPENAI_API_KEY");
      try {
        return new OpenAiProductAi(
            new OpenAiSettings(
                new URI(p.baseUrl().strip()),
                p.model().strip(),
                p.apiKey().strip(),
                p.connectTimeout(),
                p.requestTimeout()));
      } catch (URISyntaxException | IllegalArgumentException e) {
        throw new IllegalStateException("app.ai.openai: " + e.getMessage(), e);
      }
    }

    private static void required(String property, String value, String hint) {
      if (value == null || value.isBlank()) {
        throw new IllegalStateException(
            property + " is required with app.ai.type=openai (" + hint + ")");
      }
    }
  }

  /** Any other value fails start-up: silently importing without analysis would surprise. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnExpression(
      "'${app.ai.type:local}'.toLowerCase() != 'local'"
          + " and '${app.ai.type:local}'.toLowerCase() != 'openai'")
  static class Unsupported {
    Unsupported(@Value("${app.ai.type}") String type) {
      throw new IllegalStateException(
          "app.ai.type=" + type + " is not available: choose 'local' or 'openai'");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "app.images.type", havingValue = "local", matchIfMissing = true)
  static class LocalImages {
    @Bean
    ImageCandidates localImageCatalog(
        Lexicon lexicon,
        @Value("${app.images.local.base-url:https://images.dongchimi.example/stock/}")
            String baseUrl) {
      return new LocalImageCatalog(lexicon, baseUrl);
    }
  }
}
