package dev.dungji.adapter.price.molit;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;

/**
 * How to reach the 국토교통부 아파트 매매 실거래가 API.
 *
 * @param endpoint the operation's URL, e.g. {@code
 *     https://apis.data.go.kr/1613000/RTMSDataSvcAptTrade/getRTMSDataSvcAptTrade}
 * @param serviceKey the data.go.kr key in its decoded form (this adapter URL-encodes it once)
 * @param months how many months of deals, the query's month included, are looked at
 * @param areaTolerance a deal matches when its 전용면적 differs by at most this many ㎡
 * @param pageSize rows asked per page (the API allows up to 1,000)
 * @param maxPages pages read per month at most (a 시군구 rarely has more than 1,000 deals a month)
 * @param connectTimeout connecting
 * @param readTimeout waiting for one answer
 */
public record MolitSettings(
    URI endpoint,
    String serviceKey,
    int months,
    BigDecimal areaTolerance,
    int pageSize,
    int maxPages,
    Duration connectTimeout,
    Duration readTimeout) {

  /** Without the key: settings end up in logs. */
  @Override
  public String toString() {
    return "MolitSettings[endpoint="
        + endpoint
        + ", months="
        + months
        + ", areaTolerance="
        + areaTolerance
        + "]";
  }
}
