package dev.dungji.report;

import java.time.LocalDate;
import java.util.List;

/**
 * The jeonse risk report of one analysed register.
 *
 * @param owners today's owners, as the register has them
 * @param figures the numbers
 * @param flags worst first, then in register order
 * @param worst the worst severity among the flags, or null when there is none
 * @param asOf the date "recent" was counted back from (the contract date, or the day it was made)
 * @param priceError why the price source could not answer ({@code PRICE_*}), or null
 * @param disclaimer that it is an aid, not legal advice (Korean, then English)
 */
public record RiskReport(
    List<String> owners,
    Figures figures,
    List<Flag> flags,
    Severity worst,
    LocalDate asOf,
    String priceError,
    String disclaimer) {

  public static final String DISCLAIMER =
      "이 보고서는 등기부와 입력하신 정보로 계산한 참고 자료이며 법률 자문이 아닙니다. 계약 전 등기부 원본, 신탁원부, 국세·지방세 체납 여부, 전입세대를"
          + " 직접 확인하고 필요하면 공인중개사나 변호사와 상담하세요."
          + " / This report is an aid computed from the register and your inputs, not legal advice."
          + " Before signing, check the original register, any trust deed, unpaid taxes and"
          + " registered residents, and ask a licensed broker or a lawyer when in doubt.";
}
