package dev.app.pages.shop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.PricePoint;
import dev.dongchimi.Product;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The price chart's points and the "it cost this last week too" hint of a fake discount. */
class PriceChartTest {
  private static final Instant NOW = Instant.parse("2026-12-10T03:00:00Z");

  private static PricePoint at(String day, int regular, Integer sale) {
    return new PricePoint(
        regular, sale, OffsetDateTime.of(LocalDate.parse(day).atStartOfDay(), ZoneOffset.UTC));
  }

  private static Product onSaleAt(int regular, int sale) {
    return new Product(
        1,
        1,
        "참외 1.5kg",
        "참외 1.5kg",
        "참외15kg",
        null,
        regular,
        sale,
        100 * (regular - sale) / regular,
        null,
        null,
        null,
        null,
        null,
        null,
        true,
        null,
        null,
        null);
  }

  @Test
  void aSalePriceThatWasAlreadyPaidAWeekAgoIsFlagged() {
    // Last month 9,900; the "regular" price raised to 12,900 on the 5th, "on sale" at 9,900 now.
    List<PricePoint> history = List.of(at("2026-11-01", 9900, null), at("2026-12-05", 12900, 9900));
    PriceChart chart = PriceChart.of(onSaleAt(12900, 9900), history, NOW);
    assertThat(chart.sameAsLastWeek()).isEqualTo(9900);
    assertThat(chart.min()).isEqualTo(9900);
    assertThat(chart.dots()).hasSize(2);
  }

  @Test
  void aRealDiscountIsNotFlagged() {
    List<PricePoint> history =
        List.of(at("2026-11-01", 12900, null), at("2026-12-08", 12900, 9900));
    PriceChart chart = PriceChart.of(onSaleAt(12900, 9900), history, NOW);
    assertThat(chart.sameAsLastWeek()).isNull();
    assertThat(chart.max()).isEqualTo(12900);
    // The oldest change at the left edge, the newest at the right, the higher price higher up.
    assertThat(chart.points()).isEqualTo("8.0,8.0 292.0,92.0");
  }

  @Test
  void noHistoryBeforeLastWeekNoHintAndOneChangeNoLine() {
    PriceChart chart =
        PriceChart.of(onSaleAt(12900, 9900), List.of(at("2026-12-08", 12900, 9900)), NOW);
    assertThat(chart.sameAsLastWeek()).isNull();
    assertThat(chart.dots()).isEmpty();
  }
}
