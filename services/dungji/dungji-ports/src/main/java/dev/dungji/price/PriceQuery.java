package dev.dungji.price;

import java.math.BigDecimal;
import java.time.YearMonth;

/**
 * What a market price is asked for.
 *
 * @param lawdCode 법정동 code, first 5 digits (시군구, the 실거래가 API's LAWD_CD), or null
 * @param exclusiveArea 전용면적 in ㎡ from the register's 표제부, or null
 * @param month the month the price should be of (the contract's); sources may look back from it
 * @param enteredPrice the price the tenant entered in won, or null
 */
public record PriceQuery(
    String lawdCode, BigDecimal exclusiveArea, YearMonth month, Long enteredPrice) {}
