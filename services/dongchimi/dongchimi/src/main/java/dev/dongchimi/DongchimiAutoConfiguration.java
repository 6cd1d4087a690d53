package dev.dongchimi;

import dev.dongchimi.images.ApiProductPicture;
import dev.dongchimi.images.PictureDownloader;
import dev.dongchimi.images.PictureLimits;
import dev.dongchimi.images.ProductPictureController;
import dev.dongchimi.images.ProductPictures;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.PublicEndpoint;
import dev.platform.storage.ObjectStorage;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** 동치미's HTTP API and services. Object storage is optional: without it flyers have no pages. */
@AutoConfiguration
@EnableConfigurationProperties(DongchimiProperties.class)
@Import({CatalogController.class, FlyerController.class, FavoriteController.class})
public class DongchimiAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean
  Catalog dongchimiCatalog(
      JdbcClient jdbc,
      PlatformTransactionManager transactions,
      Clock clock,
      DongchimiProperties properties) {
    return new Catalog(
        new MartRepository(jdbc),
        new ProductRepository(jdbc),
        new DealsNearby(jdbc),
        new TransactionTemplate(transactions),
        clock,
        properties.zone());
  }

  @Bean
  Flyers dongchimiFlyers(
      JdbcClient jdbc,
      PlatformTransactionManager transactions,
      ObjectProvider<ObjectStorage> storage,
      Catalog catalog) {
    return new Flyers(
        new FlyerRepository(jdbc), new TransactionTemplate(transactions), storage, catalog);
  }

  @Bean
  Favorites dongchimiFavorites(
      JdbcClient jdbc, PlatformTransactionManager transactions, Catalog catalog) {
    return new Favorites(
        new FavoriteRepository(jdbc), catalog, new TransactionTemplate(transactions));
  }

  /** The taxonomy is public: an app shows it before anyone signs in. */
  @Bean
  PublicEndpoint dongchimiCategories() {
    return PublicEndpoint.get("/categories");
  }

  /**
   * Reading marts, flyers, products and deals is public, as a flyer is an advertisement (Flipp
   * shows one without an account); writing stays the owner's. Anonymous reads are rate-limited per
   * address by the account system ({@code accounts.anonymous-reads.*}).
   */
  @Bean
  PublicEndpoint dongchimiMarts() {
    return PublicEndpoint.get("/marts/*");
  }

  @Bean
  PublicEndpoint dongchimiMartProducts() {
    return PublicEndpoint.get("/marts/*/products");
  }

  @Bean
  PublicEndpoint dongchimiMartFlyers() {
    return PublicEndpoint.get("/marts/*/flyers");
  }

  @Bean
  PublicEndpoint dongchimiProducts() {
    return PublicEndpoint.get("/products/*");
  }

  @Bean
  PublicEndpoint dongchimiPriceHistory() {
    return PublicEndpoint.get("/products/*/price-history");
  }

  @Bean
  PublicEndpoint dongchimiDeals() {
    return PublicEndpoint.get("/deals/nearby");
  }

  /**
   * Product pictures need object storage: placeholders, kept candidates and owners' photos live
   * there and are served from there.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBean(ObjectStorage.class)
  @EnableConfigurationProperties(PictureLimits.class)
  @Import(ProductPictureController.class)
  static class Pictures {
    @Bean
    ProductPictures dongchimiProductPictures(
        ObjectStorage storage, PictureLimits limits, JdbcClient jdbc) {
      return new ProductPictures(storage, new PictureDownloader(limits), limits, jdbc);
    }

    @Bean
    ApiProductPicture dongchimiApiProductPicture(ProductPictures pictures) {
      return new ApiProductPicture(pictures);
    }

    @Bean
    PublicEndpoint dongchimiProductPictureFiles() {
      return PublicEndpoint.get("/product-images/*");
    }
  }

  @Bean
  @Conditional(DemoData.Wanted.class)
  DemoData dongchimiDemoData(Catalog catalog, AccountProvisioning accounts, JdbcClient jdbc) {
    return new DemoData(catalog, accounts, jdbc);
  }
}
