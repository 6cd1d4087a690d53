package dev.taskrow.app.dongchimi;

import dev.taskrow.dongchimi.importer.ai.ImageCandidates;
import dev.taskrow.dongchimi.importer.ai.ProductAi;
import dev.taskrow.dongchimi.importer.local.Lexicon;
import dev.taskrow.dongchimi.importer.local.LocalImageCatalog;
import dev.taskrow.dongchimi.importer.local.LocalProductAi;
import dev.taskrow.embedded.EmbeddedDefault;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * 동치미 import's AI, chosen by {@code app.ai.type}: {@code local} (the embedded default: a
 * deterministic Korean lexicon, no network). Image candidates by {@code app.images.type}: {@code
 * local} (stock pictures per keyword under {@code app.images.local.base-url}).
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
          "ai: local deterministic analyser — a Korean lexicon, not a real model (the"
              + " OpenAI-compatible adapter is not built yet)");
    }
  }

  /** Any other value fails start-up: silently importing without analysis would surprise. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnExpression("'${app.ai.type:local}' != 'local'")
  static class Unsupported {
    Unsupported(@Value("${app.ai.type}") String type) {
      throw new IllegalStateException(
          "app.ai.type=" + type + " is not available: the only analyser so far is 'local'");
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
