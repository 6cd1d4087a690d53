package dev.dungji.price;

import java.util.Optional;

/**
 * The port of a property's market price (시세). Embedded default: the price the tenant entered;
 * production adapter: the 국토교통부 실거래가 open API (module price-molit).
 */
public interface PriceSource {
  /**
   * The price, or empty when the source has none for the query (no entered price, no matching
   * deals).
   *
   * @throws PriceSourceException the source cannot answer now (unreachable, refused, malformed)
   */
  Optional<MarketPrice> price(PriceQuery query) throws PriceSourceException;
}
