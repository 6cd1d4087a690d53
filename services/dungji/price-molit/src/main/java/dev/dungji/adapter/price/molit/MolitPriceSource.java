package dev.dungji.adapter.price.molit;

import dev.dungji.price.MarketPrice;
import dev.dungji.price.PriceQuery;
import dev.dungji.price.PriceSource;
import dev.dungji.price.PriceSourceException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The market price from the 국토교통부 아파트 매매 실거래가 API: the deals of the query's 시군구 (LAWD_CD) in the
 * query's month and the {@code months − 1} before it, those whose 전용면적 is within {@code
 * areaTolerance} of the register's, reported deals only (called-off ones left out); the median.
 * Empty without a 법정동 code, an area, or a matching deal.
 */
public final class MolitPriceSource implements PriceSource {
  public static final String SOURCE = "MOLIT";
  private static final DateTimeFormatter YYYYMM = DateTimeFormatter.ofPattern("yyyyMM");

  private final MolitSettings settings;
  private final HttpClient http;

  public MolitPriceSource(MolitSettings settings) {
    this.settings = settings;
    this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
  }

  @Override
  public Optional<MarketPrice> price(PriceQuery query) throws PriceSourceException {
    if (query.lawdCode() == null || query.exclusiveArea() == null || query.month() == null) {
      return Optional.empty();
    }
    List<Deal> matching = new ArrayList<>();
    YearMonth first = query.month().minusMonths(settings.months() - 1L);
    for (YearMonth m = first; !m.isAfter(query.month()); m = m.plusMonths(1)) {
      for (Deal d : deals(query.lawdCode(), m)) {
        if (!d.cancelled()
            && d.area().subtract(query.exclusiveArea()).abs().compareTo(settings.areaTolerance())
                <= 0) {
          matching.add(d);
        }
      }
    }
    if (matching.isEmpty()) {
      return Optional.empty();
    }
    long[] amounts = matching.stream().mapToLong(Deal::amountWon).sorted().toArray();
    int n = amounts.length;
    long median = n % 2 == 1 ? amounts[n / 2] : (amounts[n / 2 - 1] + amounts[n / 2]) / 2;
    String basis =
        first
            + "~"
            + query.month()
            + " 매매 "
            + n
            + "건 중앙값, 전용 "
            + query.exclusiveArea().toPlainString()
            + "㎡ ±"
            + settings.areaTolerance().toPlainString()
            + "㎡ (국토교통부 실거래가) / median of "
            + n
            + " trades";
    return Optional.of(new MarketPrice(median, SOURCE, basis, n));
  }

  /** Every deal of one 시군구 and month, page by page. */
  List<Deal> deals(String lawdCode, YearMonth month) throws PriceSourceException {
    List<Deal> all = new ArrayList<>();
    for (int page = 1; page <= settings.maxPages(); page++) {
      TradeAnswer answer = TradeAnswer.parse(get(lawdCode, month, page));
      all.addAll(answer.deals());
      if (answer.deals().isEmpty() || (long) page * settings.pageSize() >= answer.totalCount()) {
        break;
      }
    }
    return all;
  }

  private byte[] get(String lawdCode, YearMonth month, int page) throws PriceSourceException {
    URI uri =
        URI.create(
            settings.endpoint()
                + "?serviceKey="
                + URLEncoder.encode(settings.serviceKey(), StandardCharsets.UTF_8)
                + "&LAWD_CD="
                + URLEncoder.encode(lawdCode, StandardCharsets.UTF_8)
                + "&DEAL_YMD="
                + month.format(YYYYMM)
                + "&pageNo="
                + page
                + "&numOfRows="
                + settings.pageSize());
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .timeout(settings.readTimeout())
            .header("Accept", "application/xml")
            .GET()
            .build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      // HttpTimeoutException and HttpConnectTimeoutException are IOExceptions too.
      throw new PriceSourceException(
          PriceSourceException.UNAVAILABLE, "no answer from the API: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PriceSourceException(PriceSourceException.UNAVAILABLE, "interrupted", e);
    }
    return switch (response.statusCode()) {
      case 200 -> response.body();
      // The gateway answers a bad key with 401 and a plain "Unauthorized" (or its XML).
      case 401, 403 ->
          throw new PriceSourceException(
              PriceSourceException.KEY_REJECTED,
              "the API refused the key: HTTP " + response.statusCode());
      case 429 ->
          throw new PriceSourceException(
              PriceSourceException.QUOTA_EXCEEDED, "the API's quota is used up: HTTP 429");
      default ->
          throw new PriceSourceException(
              PriceSourceException.UNAVAILABLE, "the API answered HTTP " + response.statusCode());
    };
  }
}
