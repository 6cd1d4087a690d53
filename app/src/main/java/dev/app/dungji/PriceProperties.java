package dev.app.dungji;

import dev.app.RequiredSetting;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code dungji.price.*} properties: where the report's market price comes from.
 *
 * @param type {@code entered} (the embedded default: the price the tenant enters) or {@code molit}
 *     (the 국토교통부 아파트 매매 실거래가 API; the entered price is still used when it finds no deal)
 * @param molit the API ({@code dungji.price.type=molit})
 */
@ConfigurationProperties("dungji.price")
@Validated
public record PriceProperties(
    @DefaultValue("entered") @NotNull Type type, @DefaultValue @Valid Molit molit) {

  public PriceProperties {
    if (type == Type.MOLIT) {
      RequiredSetting.check(
          "dungji.price.molit.service-key",
          molit.serviceKey(),
          "dungji.price.type=molit",
          "the data.go.kr key (decoded form), from the environment: DUNGJI_PRICE_MOLIT_SERVICE_KEY");
    }
  }

  /** The price sources. */
  public enum Type {
    ENTERED,
    MOLIT
  }

  /**
   * {@code dungji.price.molit.*}.
   *
   * @param endpoint the trade operation's URL
   * @param serviceKey the data.go.kr service key, decoded form
   * @param months months of deals looked at, the contract's month included
   * @param areaTolerance ㎡ a deal's 전용면적 may differ from the register's
   * @param pageSize rows per page (at most 1,000)
   * @param maxPages pages per month at most
   * @param connectTimeout connecting
   * @param readTimeout one answer
   */
  public record Molit(
      @DefaultValue("https://apis.data.go.kr/1613000/RTMSDataSvcAptTrade/getRTMSDataSvcAptTrade")
          @NotNull
          URI endpoint,
      String serviceKey,
      @DefaultValue("3") @Min(1) @Max(24) int months,
      @DefaultValue("3") @NotNull @DecimalMin("0") BigDecimal areaTolerance,
      @DefaultValue("1000") @Min(1) @Max(1000) int pageSize,
      @DefaultValue("5") @Min(1) @Max(100) int maxPages,
      @DefaultValue("3s") @NotNull @DurationMin(millis = 1) Duration connectTimeout,
      @DefaultValue("10s") @NotNull @DurationMin(millis = 1) Duration readTimeout) {

    @Override
    public String toString() {
      return "Molit[endpoint=" + endpoint + ", months=" + months + ", serviceKey=(hidden)]";
    }
  }
}
