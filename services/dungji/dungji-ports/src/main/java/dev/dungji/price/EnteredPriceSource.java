package dev.dungji.price;

import java.util.Optional;

/** The embedded default: the market price is the one the tenant entered (or none). */
public final class EnteredPriceSource implements PriceSource {
  public static final String SOURCE = "ENTERED";

  @Override
  public Optional<MarketPrice> price(PriceQuery query) {
    if (query.enteredPrice() == null || query.enteredPrice() <= 0) {
      return Optional.empty();
    }
    return Optional.of(
        new MarketPrice(query.enteredPrice(), SOURCE, "임차인이 입력한 시세 / entered by the tenant", 1));
  }
}
