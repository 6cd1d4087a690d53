package dev.dungji.report;

import java.math.BigDecimal;

/**
 * The report's numbers, in won. Every figure past {@code deposit} is null without a market price.
 *
 * @param maxClaimsInForce the sum of 채권최고액 of the mortgages in force
 * @param seniorDepositsInForce the sum of 전세금 and 임차보증금 of the registered rights in force
 * @param seniorClaims the two together: what is paid before the tenant at an auction
 * @param deposit the tenant's 보증금
 * @param marketPrice the price used, or null
 * @param priceSource where it comes from ({@code ENTERED}, {@code MOLIT}), or null
 * @param priceBasis how the source found it, or null
 * @param ratio (seniorClaims + deposit) ÷ marketPrice, 3 decimals
 * @param seniorRatio seniorClaims ÷ marketPrice, 3 decimals
 * @param auctionRatio the expected auction price ÷ market price used
 * @param expectedAuctionPrice marketPrice × auctionRatio
 * @param coveredDeposit how much of the deposit the auction price would still pay after the senior
 *     claims (0 … deposit)
 * @param uncoveredDeposit deposit − coveredDeposit
 */
public record Figures(
    long maxClaimsInForce,
    long seniorDepositsInForce,
    long seniorClaims,
    long deposit,
    Long marketPrice,
    String priceSource,
    String priceBasis,
    BigDecimal ratio,
    BigDecimal seniorRatio,
    BigDecimal auctionRatio,
    Long expectedAuctionPrice,
    Long coveredDeposit,
    Long uncoveredDeposit) {}
