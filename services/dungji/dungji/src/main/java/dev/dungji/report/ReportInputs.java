package dev.dungji.report;

import java.time.LocalDate;

/**
 * The tenant's side of the report.
 *
 * @param deposit 보증금 in won
 * @param monthlyRent 월세 in won, or null
 * @param landlordName the landlord the contract names, or null (then no owner check)
 * @param contractDate the planned contract date; "recent" is counted back from it
 * @param lawdCode 법정동 code (for a regional auction ratio), or null
 */
public record ReportInputs(
    long deposit, Long monthlyRent, String landlordName, LocalDate contractDate, String lawdCode) {}
