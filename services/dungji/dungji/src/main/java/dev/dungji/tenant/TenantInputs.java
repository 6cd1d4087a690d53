package dev.dungji.tenant;

import java.time.Instant;
import java.time.LocalDate;

/**
 * What the tenant told us about the contract of one nest (dungji_tenant_inputs).
 *
 * @param deposit 보증금 in won
 * @param monthlyRent 월세 in won, or null (a jeonse)
 * @param landlordName 임대인 as the contract names them, or null
 * @param contractDate 계약 예정일, or null (then "recent" is counted back from today)
 * @param marketPrice 시세 in won as the tenant entered it, or null
 * @param lawdCode 법정동 code, first 5 digits (the 실거래가 API's LAWD_CD), or null
 */
public record TenantInputs(
    long nestId,
    long deposit,
    Long monthlyRent,
    String landlordName,
    LocalDate contractDate,
    Long marketPrice,
    String lawdCode,
    Instant updatedAt) {}
