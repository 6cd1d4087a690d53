package dev.app.dungji;

import dev.dungji.adapter.price.molit.MolitPriceSource;
import dev.dungji.adapter.price.molit.MolitSettings;
import dev.dungji.price.EnteredPriceSource;
import dev.dungji.price.PriceSource;
import dev.platform.embedded.EmbeddedDefault;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The report's {@link PriceSource}, chosen by {@code dungji.price.type} ({@link PriceProperties}):
 * {@code entered} by default, {@code molit} for the 국토교통부 실거래가 API.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PriceProperties.class)
public class PriceConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "dungji.price.type", havingValue = "entered", matchIfMissing = true)
  static class Entered {
    @Bean
    EnteredPriceSource enteredPriceSource() {
      return new EnteredPriceSource();
    }

    @Bean
    EmbeddedDefault enteredPriceDefault() {
      return EmbeddedDefault.inUse(
          "price source: the market price the tenant enters; set dungji.price.type=molit for"
              + " the 국토교통부 실거래가 API");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "dungji.price.type", havingValue = "molit")
  static class Molit {
    @Bean
    MolitPriceSource molitPriceSource(PriceProperties properties) {
      PriceProperties.Molit m = properties.molit();
      return new MolitPriceSource(
          new MolitSettings(
              m.endpoint(),
              m.serviceKey(),
              m.months(),
              m.areaTolerance(),
              m.pageSize(),
              m.maxPages(),
              m.connectTimeout(),
              m.readTimeout()));
    }
  }
}
