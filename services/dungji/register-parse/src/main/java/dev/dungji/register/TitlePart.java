package dev.dungji.register;

import java.math.BigDecimal;
import java.util.Map;

/**
 * 표제부: what the property is.
 *
 * @param address 소재지번 (and 건물명칭 as written on the certificate's heading)
 * @param buildingName 건물명칭 ("래미안아파트"), or null
 * @param structure 구조 ("철근콘크리트구조"), or null
 * @param exclusiveArea 전용면적 in ㎡ (집합건물), the building's or land's area otherwise; null when
 *     unreadable
 * @param landRightRatio 대지권비율 as written ("12345.6분의 45.12"), or null
 * @param landRightRegistered 집합건물 with a 대지권의 표시: true; 집합건물 without one: false (대지권 미등기); null for
 *     토지/건물 registers
 * @param confidence 0..1 per field
 */
public record TitlePart(
    String address,
    String buildingName,
    String structure,
    BigDecimal exclusiveArea,
    String landRightRatio,
    Boolean landRightRegistered,
    Map<String, Double> confidence) {}
