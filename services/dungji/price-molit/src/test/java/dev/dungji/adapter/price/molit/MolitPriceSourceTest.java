package dev.dungji.adapter.price.molit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dungji.price.MarketPrice;
import dev.dungji.price.PriceQuery;
import dev.dungji.price.PriceSourceException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.YearMonth;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MolitPriceSourceTest {
  FakeMolitApi api;
  MolitPriceSource source;

  @BeforeEach
  void start() throws Exception {
    api = new FakeMolitApi();
    source = new MolitPriceSource(settings(FakeMolitApi.KEY, Duration.ofSeconds(5)));
  }

  @AfterEach
  void stop() {
    api.close();
  }

  MolitSettings settings(String key, Duration readTimeout) {
    return new MolitSettings(
        api.endpoint(), key, 2, new BigDecimal("1.0"), 3, 5, Duration.ofSeconds(2), readTimeout);
  }

  static PriceQuery query(String lawd) {
    return new PriceQuery(lawd, new BigDecimal("84.59"), YearMonth.of(2026, 11), null);
  }

  @Test
  void theMedianOfTheMatchingDealsOfTheMonthsLookedAt() throws Exception {
    Optional<MarketPrice> price = source.price(query("11440"));

    // 84.59 ±1: 150,000 (Oct), 152,000 (84.97), 149,500 (Nov); the called-off 310,000 is left out,
    // 82.10 and 59.96 do not match.
    assertThat(price).isPresent();
    assertThat(price.get().won()).isEqualTo(1_500_000_000L);
    assertThat(price.get().samples()).isEqualTo(3);
    assertThat(price.get().source()).isEqualTo("MOLIT");
    assertThat(price.get().basis()).contains("2026-10~2026-11", "3건");
    // Two months; November in two pages of three.
    assertThat(api.requests)
        .extracting(r -> r.get("DEAL_YMD") + "/" + r.get("pageNo"))
        .containsExactly("202610/1", "202611/1", "202611/2");
    assertThat(api.requests.getFirst().get("serviceKey")).isEqualTo(FakeMolitApi.KEY);
    assertThat(api.requests.getFirst().get("LAWD_CD")).isEqualTo("11440");
  }

  @Test
  void anEvenNumberOfDealsTakesTheMeanOfTheMiddleTwo() throws Exception {
    PriceQuery q = new PriceQuery("11440", new BigDecimal("59.96"), YearMonth.of(2026, 11), null);

    // 98,000 99,000 101,000 → 99,000; with one month only: 99,000 and 101,000 → 100,000.
    assertThat(source.price(q).orElseThrow().won()).isEqualTo(990_000_000L);
    MolitPriceSource oneMonth =
        new MolitPriceSource(
            new MolitSettings(
                api.endpoint(),
                FakeMolitApi.KEY,
                1,
                BigDecimal.ONE,
                100,
                5,
                Duration.ofSeconds(2),
                Duration.ofSeconds(5)));
    assertThat(oneMonth.price(q).orElseThrow().won()).isEqualTo(1_000_000_000L);
  }

  @Test
  void noMatchingDealOrNoKeyOfTheQueryIsNoPrice() throws Exception {
    assertThat(source.price(query("90003"))).isEmpty();
    PriceQuery tiny = new PriceQuery("11440", new BigDecimal("20"), YearMonth.of(2026, 11), null);
    assertThat(source.price(tiny)).isEmpty();
    assertThat(source.price(new PriceQuery(null, BigDecimal.TEN, YearMonth.of(2026, 11), 5L)))
        .isEmpty();
  }

  @Test
  void aRefusedKeyIsKeyRejected() {
    assertThatThrownBy(() -> source.price(query("90001")))
        .isInstanceOfSatisfying(
            PriceSourceException.class,
            e -> assertThat(e.code()).isEqualTo(PriceSourceException.KEY_REJECTED));
    MolitPriceSource wrongKey = new MolitPriceSource(settings("wrong", Duration.ofSeconds(5)));
    assertThatThrownBy(() -> wrongKey.price(query("11440")))
        .isInstanceOfSatisfying(
            PriceSourceException.class,
            e -> assertThat(e.code()).isEqualTo(PriceSourceException.KEY_REJECTED));
    assertThatThrownBy(() -> source.price(query("90006")))
        .isInstanceOfSatisfying(
            PriceSourceException.class,
            e -> assertThat(e.code()).isEqualTo(PriceSourceException.KEY_REJECTED));
  }

  @Test
  void aUsedUpQuotaIsQuotaExceeded() {
    assertThatThrownBy(() -> source.price(query("90002")))
        .isInstanceOfSatisfying(
            PriceSourceException.class,
            e -> assertThat(e.code()).isEqualTo(PriceSourceException.QUOTA_EXCEEDED));
  }

  @Test
  void aBrokenAnswerIsMalformed() {
    assertThatThrownBy(() -> source.price(query("90004")))
        .isInstanceOfSatisfying(
            PriceSourceException.class,
            e -> assertThat(e.code()).isEqualTo(PriceSourceException.MALFORMED));
  }

  @Test
  void aSlowAnswerIsUnavailableAfterTheReadTimeout() {
    MolitPriceSource impatient =
        new MolitPriceSource(settings(FakeMolitApi.KEY, Duration.ofMillis(300)));
    long start = System.nanoTime();
    assertThatThrownBy(() -> impatient.price(query("90005")))
        .isInstanceOfSatisfying(
            PriceSourceException.class,
            e -> assertThat(e.code()).isEqualTo(PriceSourceException.UNAVAILABLE));
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
  }

  @Test
  void anXmlWithADoctypeIsRefusedNotExpanded() {
    byte[] xxe =
        ("<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<response><header><resultCode>000</resultCode></header>"
                + "<body><items><item><aptNm>&x;</aptNm></item></items></body></response>")
            .getBytes();
    assertThatThrownBy(() -> TradeAnswer.parse(xxe))
        .isInstanceOfSatisfying(
            PriceSourceException.class,
            e -> assertThat(e.code()).isEqualTo(PriceSourceException.MALFORMED));
  }
}
