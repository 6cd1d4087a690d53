package dev.taskrow.app.dongchimi;

import dev.taskrow.dongchimi.importer.ai.ImageCandidates;
import dev.taskrow.dongchimi.importer.ai.ProductAi;
import dev.taskrow.dongchimi.importer.local.Lexicon;
import dev.taskrow.dongchimi.importer.local.LocalImageCatalog;
import dev.taskrow.dongchimi.importer.local.LocalProductAi;
import dev.taskrow.embedded.EmbeddedDefault;
import org.springframework.beans.factory.annotation.Value;
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
          "ai: local deterministic analyser — not a real model; set app.ai.type=openai");
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
