package dev.app.pages.shop;

import dev.dongchimi.PricePoint;
import dev.dongchimi.Product;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A product's price history as a small SVG line (drawn on the server: no chart script, no inline
 * style), and the hint that exposes a fake discount: the "sale" price is what the product already
 * cost a week ago.
 */
record PriceChart(String points, int min, int max, List<Point> dots, Integer sameAsLastWeek) {
  static final int WIDTH = 300;
  static final int HEIGHT = 100;
  static final int PAD = 8;

  /** A plotted price: the price paid at that change (the sale price when there is one). */
  record Point(double x, double y, int price, String label) {}

  /** What a shopper paid after a change: the sale price when one was set, else the regular. */
  static int paid(PricePoint p) {
    return p.salePrice() != null ? p.salePrice() : p.regularPrice();
  }

  /**
   * The chart of {@code history} (oldest first); null when there are fewer than two changes. The
   * hint is the price a week before {@code now} when the product is on sale at that same price.
   */
  static PriceChart of(Product product, List<PricePoint> history, Instant now) {
    Integer lastWeek = priceAt(history, now.minus(Duration.ofDays(7)));
    Integer hint =
        product.onSale() && product.salePrice() != null && product.salePrice().equals(lastWeek)
            ? lastWeek
            : null;
    if (history.size() < 2) {
      return new PriceChart("", 0, 0, List.of(), hint);
    }
    int min = history.stream().mapToInt(PriceChart::paid).min().orElseThrow();
    int max = history.stream().mapToInt(PriceChart::paid).max().orElseThrow();
    long first = history.getFirst().changedAt().toEpochSecond();
    long span = Math.max(1, history.getLast().changedAt().toEpochSecond() - first);
    List<Point> dots = new ArrayList<>();
    StringBuilder points = new StringBuilder();
    for (PricePoint p : history) {
      double x = PAD + (WIDTH - 2.0 * PAD) * (p.changedAt().toEpochSecond() - first) / span;
      double y =
          max == min ? HEIGHT / 2.0 : PAD + (HEIGHT - 2.0 * PAD) * (max - paid(p)) / (max - min);
      x = Math.round(x * 10) / 10.0;
      y = Math.round(y * 10) / 10.0;
      points.append(points.isEmpty() ? "" : " ").append(x).append(',').append(y);
      dots.add(new Point(x, y, paid(p), p.changedAt().toLocalDate().toString()));
    }
    return new PriceChart(points.toString(), min, max, dots, hint);
  }

  /** The price paid at {@code at}: the last change at or before it; null before the first. */
  static Integer priceAt(List<PricePoint> history, Instant at) {
    Integer price = null;
    for (PricePoint p : history) {
      if (!p.changedAt().toInstant().isAfter(at)) {
        price = paid(p);
      }
    }
    return price;
  }
}
