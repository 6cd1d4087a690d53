package dev.app.pages;

import dev.platform.accounts.BrowserContentSecurityPolicy;
import dev.platform.accounts.BrowserPath;
import java.time.Duration;
import java.util.Locale;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.LocaleResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.i18n.CookieLocaleResolver;

/**
 * The pages for shoppers, mart owners and tenants (ADR 0006): their paths go to the account
 * system's browser chain (session cookie, CSRF, CSP), the language is Korean unless the visitor
 * switched to English ({@code ?lang=en}, remembered in a cookie).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PagesProperties.class)
class PagesConfiguration implements WebMvcConfigurer {
  static final Locale KOREAN = Locale.KOREAN;

  @Bean
  BrowserPath pagesHome() {
    return BrowserPath.open("/");
  }

  @Bean
  BrowserPath pagesShop() {
    return BrowserPath.open("/shop/**");
  }

  /** A shopper's favourites need an account; the rest of /shop does not. */
  @Bean
  BrowserPath pagesShopFavorites() {
    return BrowserPath.signedIn("/shop/favorites/**");
  }

  @Bean
  BrowserPath pagesOwner() {
    return BrowserPath.signedIn("/owner/**");
  }

  @Bean
  BrowserPath pagesTenant() {
    return BrowserPath.signedIn("/tenant/**");
  }

  /**
   * The operators' task dashboard (taskrow-dashboard): ADMIN acts, OPERATOR looks, everyone else
   * gets 403.
   */
  @Bean
  BrowserPath taskrowDashboard(@Value("${taskrow.dashboard.path:/ops/taskrow}") String path) {
    return BrowserPath.signedIn(path + "/**");
  }

  /** 둥지's payment records for operators (dev.app.pages.ops): ADMIN acts, OPERATOR looks. */
  @Bean
  BrowserPath operatorPaymentRecords() {
    return BrowserPath.signedIn("/ops/payments/**");
  }

  /** The stylesheet, the scripts and the webjars (htmx, Leaflet) the pages load. */
  @Bean
  BrowserPath pagesAssets() {
    return BrowserPath.open("/assets/**");
  }

  @Bean
  BrowserPath pagesWebjars() {
    return BrowserPath.open("/webjars/**");
  }

  @Bean
  BrowserContentSecurityPolicy pagesContentSecurityPolicy(PagesProperties properties) {
    String tiles = properties.map().tileOrigin();
    return tiles == null
        ? BrowserContentSecurityPolicy.withImages()
        : BrowserContentSecurityPolicy.withImages(tiles);
  }

  /** Korean first; {@code ?lang=en} switches, and a cookie remembers it for a year. */
  @Bean
  LocaleResolver localeResolver() {
    CookieLocaleResolver resolver = new CookieLocaleResolver("lang");
    resolver.setDefaultLocale(KOREAN);
    resolver.setCookieMaxAge(Duration.ofDays(365));
    resolver.setCookieSameSite("Lax");
    resolver.setCookieHttpOnly(true);
    return resolver;
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry.addInterceptor(new LanguageSwitch());
  }

  @Override
  public void addResourceHandlers(
      org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry registry) {
    // Committed assets under one prefix the browser chain owns; cached briefly, no build step.
    registry
        .addResourceHandler("/assets/**")
        .addResourceLocations("classpath:/pages-assets/")
        .setCacheControl(org.springframework.http.CacheControl.maxAge(Duration.ofHours(1)));
  }
}
