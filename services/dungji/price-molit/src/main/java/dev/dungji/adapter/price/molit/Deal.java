package dev.dungji.adapter.price.molit;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * One apartment trade of the API's answer.
 *
 * @param amountWon 거래금액 (the API gives 만원 with commas: "82,500")
 * @param area 전용면적 in ㎡ (excluUseAr)
 * @param date 계약일 (dealYear, dealMonth, dealDay)
 * @param apartment 단지명 (aptNm)
 * @param cancelled 해제여부 (cdealType "O"): a deal reported and later called off
 */
record Deal(long amountWon, BigDecimal area, LocalDate date, String apartment, boolean cancelled) {}
