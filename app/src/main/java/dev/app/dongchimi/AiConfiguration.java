package dev.app.dongchimi;

import dev.dongchimi.adapter.ai.openai.OpenAiProductAi;
import dev.dongchimi.adapter.ai.openai.OpenAiSettings;
import dev.dongchimi.adapter.images.naver.NaverShoppingCandidates;
import dev.dongchimi.adapter.images.naver.NaverShoppingSettings;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.importer.local.Lexicon;
import dev.dongchimi.importer.local.LocalImageCatalog;
import dev.dongchimi.importer.local.LocalProductAi;
import dev.platform.embedded.EmbeddedDefault;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * 동치미 import's AI, chosen by {@code dongchimi.ai.type} ({@link AiProperties}): {@code local} (the
 * embedded default: a deterministic Korean lexicon, no network) or {@code openai} (an
 * OpenAI-compatible chat API). Image candidates by {@code dongchimi.images.type} ({@link
 * ImagesProperties}): {@code local} (stock pictures per keyword), whichever AI chooses among them.
 * An unknown type fails start-up when the properties are bound.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({AiProperties.class, ImagesProperties.class})
public class AiConfiguration {

  @Bean
  Lexicon dongchimiLexicon() {
    return Lexicon.load();
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "dongchimi.ai.type", havingValue = "local", matchIfMissing = true)
  static class Local {
    @Bean
    ProductAi localProductAi(Lexicon lexicon) {
      return new LocalProductAi(lexicon);
    }

    @Bean
    EmbeddedDefault localAiDefault() {
      return EmbeddedDefault.inUse(
          "ai: local deterministic analyser — a Korean lexicon, not a real model; set"
              + " dongchimi.ai.type=openai and dongchimi.ai.openai.* for an OpenAI-compatible chat"
              + " API");
    }
  }

  /** An OpenAI-compatible chat API; AiProperties has checked that its settings are there. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "dongchimi.ai.type", havingValue = "openai")
  static class OpenAi {
    @Bean
    ProductAi openAiProductAi(AiProperties properties) {
      AiProperties.OpenAi openai = properties.openai();
      try {
        return new OpenAiProductAi(
            new OpenAiSettings(
                openai.baseUrl(),
                openai.model().strip(),
                openai.apiKey().strip(),
                openai.connectTimeout(),
                openai.requestTimeout()));
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException("dongchimi.ai.openai: " + e.getMessage(), e);
      }
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(
      name = "dongchimi.images.type",
      havingValue = "local",
      matchIfMissing = true)
  static class LocalImages {
    @Bean
    ImageCandidates localImageCatalog(Lexicon lexicon, ImagesProperties properties) {
      return new LocalImageCatalog(lexicon, properties.local().baseUrl());
    }
  }

  /** Naver's shopping search: titles and images of real listings. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "dongchimi.images.type", havingValue = "naver")
  static class NaverImages {
    @Bean
    ImageCandidates naverShoppingCandidates(ImagesProperties properties) {
      ImagesProperties.Naver naver = properties.naver();
      try {
        return new NaverShoppingCandidates(
            new NaverShoppingSettings(
                naver.baseUrl(),
                naver.clientId() == null ? null : naver.clientId().strip(),
                naver.clientSecret() == null ? null : naver.clientSecret().strip(),
                naver.display(),
                naver.connectTimeout(),
                naver.requestTimeout()));
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException("dongchimi.images.naver: " + e.getMessage(), e);
      }
    }
  }
}
