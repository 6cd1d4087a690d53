package dev.dungji.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.price.MarketPrice;
import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RightKind;
import dev.dungji.register.Section;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every figure and every flag of the report, one rule at a time. */
class RiskReportsTest {
  static final LocalDate CONTRACT = LocalDate.of(2026, 12, 20);
  static final LocalDate TODAY = LocalDate.of(2026, 12, 2);
  static final ReportThresholds T = ReportThresholds.defaults();

  static ReportInputs inputs(long deposit) {
    return new ReportInputs(deposit, null, null, CONTRACT, null);
  }

  static Optional<MarketPrice> price(long won) {
    return Optional.of(new MarketPrice(won, "ENTERED", "entered", 1));
  }

  static Registers clean() {
    return Registers.owned("김민준", LocalDate.of(2018, 6, 1));
  }

  static RiskReport report(ParsedRegister r, ReportInputs in, Optional<MarketPrice> p) {
    return RiskReports.compute(r, in, p, null, T, TODAY);
  }

  static RiskReport report(Registers r) {
    return report(r.build(), inputs(100_000_000L), price(1_000_000_000L));
  }

  static boolean raises(RiskReport report, FlagCode code) {
    return report.flags().stream().anyMatch(f -> f.code() == code);
  }

  @Test
  void aCleanRegisterWithALowDepositRaisesNothing() {
    RiskReport r = report(clean());

    assertThat(r.flags()).isEmpty();
    assertThat(r.worst()).isNull();
    assertThat(r.disclaimer()).contains("법률 자문이 아닙니다", "not legal advice");
    assertThat(r.owners()).containsExactly("김민준");
    assertThat(r.asOf()).isEqualTo(CONTRACT);
  }

  @Test
  void seniorClaimsAreTheMortgagesAndDepositsInForceOnly() {
    ParsedRegister reg =
        clean()
            .mortgage(240_000_000L)
            .mortgage(60_000_000L)
            .cancelledMortgage(500_000_000L)
            .eul(RightKind.JEONSE, "전세권설정", 50_000_000L, "설정계약")
            .build();

    Figures f = report(reg, inputs(200_000_000L), price(1_000_000_000L)).figures();

    assertThat(f.maxClaimsInForce()).isEqualTo(300_000_000L);
    assertThat(f.seniorDepositsInForce()).isEqualTo(50_000_000L);
    assertThat(f.seniorClaims()).isEqualTo(350_000_000L);
    assertThat(f.deposit()).isEqualTo(200_000_000L);
  }

  @Test
  void theRatioIsSeniorClaimsPlusDepositOverThePrice() {
    ParsedRegister reg = clean().mortgage(240_000_000L).build();

    Figures f = report(reg, inputs(300_000_000L), price(900_000_000L)).figures();

    // (240 + 300) / 900 = 0.6
    assertThat(f.ratio()).isEqualByComparingTo("0.600");
    assertThat(f.seniorRatio()).isEqualByComparingTo("0.267");
    assertThat(f.marketPrice()).isEqualTo(900_000_000L);
    assertThat(f.priceSource()).isEqualTo("ENTERED");
  }

  @Test
  void theCoveredDepositIsWhatTheAuctionPriceLeavesAfterTheSeniorClaims() {
    ParsedRegister reg = clean().mortgage(400_000_000L).build();

    Figures f = report(reg, inputs(500_000_000L), price(1_000_000_000L)).figures();

    // 1,000 × 0.8 = 800 expected at auction; 800 − 400 senior = 400 of the 500 deposit.
    assertThat(f.auctionRatio()).isEqualByComparingTo("0.8");
    assertThat(f.expectedAuctionPrice()).isEqualTo(800_000_000L);
    assertThat(f.coveredDeposit()).isEqualTo(400_000_000L);
    assertThat(f.uncoveredDeposit()).isEqualTo(100_000_000L);
  }

  @Test
  void theCoveredDepositIsNeverNegativeNorMoreThanTheDeposit() {
    Figures under =
        report(clean().mortgage(900_000_000L).build(), inputs(100_000_000L), price(1_000_000_000L))
            .figures();
    Figures over = report(clean().build(), inputs(100_000_000L), price(1_000_000_000L)).figures();

    assertThat(under.coveredDeposit()).isZero();
    assertThat(under.uncoveredDeposit()).isEqualTo(100_000_000L);
    assertThat(over.coveredDeposit()).isEqualTo(100_000_000L);
    assertThat(over.uncoveredDeposit()).isZero();
  }

  @Test
  void aRegionalAuctionRatioWinsByItsLongestPrefix() {
    ReportThresholds t =
        new ReportThresholds(
            T.dangerRatio(),
            T.cautionRatio(),
            T.seniorLimitRatio(),
            new BigDecimal("0.8"),
            Map.of("11", new BigDecimal("0.9"), "11440", new BigDecimal("0.95")),
            90,
            3,
            2);
    ReportInputs mapo = new ReportInputs(100_000_000L, null, null, CONTRACT, "11440");
    ReportInputs gangnam = new ReportInputs(100_000_000L, null, null, CONTRACT, "11680");

    Figures f1 =
        RiskReports.compute(clean().build(), mapo, price(1_000_000_000L), null, t, TODAY).figures();
    Figures f2 =
        RiskReports.compute(clean().build(), gangnam, price(1_000_000_000L), null, t, TODAY)
            .figures();

    assertThat(f1.expectedAuctionPrice()).isEqualTo(950_000_000L);
    assertThat(f2.expectedAuctionPrice()).isEqualTo(900_000_000L);
  }

  @Test
  void withoutAPriceOnlyTheClaimsAreFiguredAndPriceMissingIsRaised() {
    RiskReport r = report(clean().mortgage(100_000_000L).build(), inputs(1L), Optional.empty());

    assertThat(r.figures().seniorClaims()).isEqualTo(100_000_000L);
    assertThat(r.figures().ratio()).isNull();
    assertThat(r.figures().coveredDeposit()).isNull();
    assertThat(raises(r, FlagCode.PRICE_MISSING)).isTrue();
    assertThat(r.flags()).singleElement().extracting(Flag::severity).isEqualTo(Severity.LOW);
  }

  @Test
  void aRatioAtTheDangerLineIsHighAndAtTheCautionLineMedium() {
    RiskReport danger =
        report(clean().mortgage(400_000_000L).build(), inputs(500_000_000L), price(1_000_000_000L));
    RiskReport caution =
        report(clean().mortgage(300_000_000L).build(), inputs(500_000_000L), price(1_000_000_000L));
    RiskReport fine =
        report(clean().mortgage(200_000_000L).build(), inputs(500_000_000L), price(1_000_000_000L));

    assertThat(raises(danger, FlagCode.RATIO_OVER_LIMIT)).isTrue();
    assertThat(raises(danger, FlagCode.RATIO_HIGH)).isFalse();
    assertThat(danger.flags().getFirst().messageKo()).contains("90%");
    assertThat(raises(caution, FlagCode.RATIO_HIGH)).isTrue();
    assertThat(raises(caution, FlagCode.RATIO_OVER_LIMIT)).isFalse();
    assertThat(raises(fine, FlagCode.RATIO_HIGH)).isFalse();
    assertThat(raises(fine, FlagCode.RATIO_OVER_LIMIT)).isFalse();
  }

  @Test
  void seniorClaimsOverTheGuaranteeLimitAreRaised() {
    RiskReport over =
        report(clean().mortgage(610_000_000L).build(), inputs(1L), price(1_000_000_000L));
    RiskReport at =
        report(clean().mortgage(600_000_000L).build(), inputs(1L), price(1_000_000_000L));

    assertThat(raises(over, FlagCode.SENIOR_OVER_LIMIT)).isTrue();
    assertThat(raises(at, FlagCode.SENIOR_OVER_LIMIT)).isFalse();
  }

  @Test
  void anUncoveredDepositIsRaisedWithTheShortfall() {
    RiskReport r =
        report(clean().mortgage(400_000_000L).build(), inputs(500_000_000L), price(1_000_000_000L));

    Flag f =
        r.flags().stream()
            .filter(x -> x.code() == FlagCode.DEPOSIT_NOT_COVERED)
            .findFirst()
            .orElseThrow();
    assertThat(f.severity()).isEqualTo(Severity.HIGH);
    assertThat(f.messageKo()).contains("1억원");
  }

  @Test
  void eachRestrictionInForceRaisesItsFlagWithItsRank() {
    record Case(RightKind kind, String purpose, String cause, FlagCode code, Severity severity) {}
    Case[] cases = {
      new Case(RightKind.SEIZURE, "압류", null, FlagCode.SEIZURE, Severity.HIGH),
      new Case(
          RightKind.PROVISIONAL_SEIZURE, "가압류", null, FlagCode.PROVISIONAL_SEIZURE, Severity.HIGH),
      new Case(RightKind.INJUNCTION, "가처분", null, FlagCode.INJUNCTION, Severity.HIGH),
      new Case(RightKind.AUCTION, "임의경매개시결정", null, FlagCode.AUCTION, Severity.HIGH),
      new Case(RightKind.TRUST, "소유권이전", "신탁", FlagCode.TRUST, Severity.HIGH),
      new Case(
          RightKind.PROVISIONAL_REGISTRATION,
          "소유권이전청구권가등기",
          null,
          FlagCode.PROVISIONAL_REGISTRATION,
          Severity.HIGH),
    };
    for (Case c : cases) {
      RiskReport r =
          report(
              clean().gap(c.kind(), c.purpose(), LocalDate.of(2024, 1, 5), c.cause()).build(),
              inputs(100_000_000L),
              price(1_000_000_000L));

      assertThat(r.flags()).as(c.purpose()).extracting(Flag::code).contains(c.code());
      Flag f = r.flags().stream().filter(x -> x.code() == c.code()).findFirst().orElseThrow();
      assertThat(f.severity()).isEqualTo(c.severity());
      assertThat(f.section()).isEqualTo(Section.GAP);
      assertThat(f.rank()).isEqualTo("3");
      assertThat(f.messageKo()).isNotBlank();
      assertThat(f.messageEn()).isNotBlank();
    }
  }

  @Test
  void aCancelledRestrictionRaisesNothing() {
    RiskReport r = report(clean().cancelledGap(RightKind.SEIZURE, "압류", LocalDate.of(2020, 1, 1)));

    assertThat(raises(r, FlagCode.SEIZURE)).isFalse();
  }

  @Test
  void aLeaseRegistrationOrderIsHighAndAnAgreedLeaseMedium() {
    RiskReport order =
        report(clean().eul(RightKind.LEASE, "주택임차권", 200_000_000L, "2024년5월1일 서울서부지방법원의 임차권등기명령"));
    RiskReport agreed =
        report(clean().eul(RightKind.LEASE, "임차권설정", 200_000_000L, "2024년5월1일 설정계약"));

    assertThat(raises(order, FlagCode.LEASE_REGISTRATION_ORDER)).isTrue();
    assertThat(raises(order, FlagCode.LEASE_IN_FORCE)).isFalse();
    assertThat(raises(agreed, FlagCode.LEASE_IN_FORCE)).isTrue();
    assertThat(raises(agreed, FlagCode.LEASE_REGISTRATION_ORDER)).isFalse();
    assertThat(
            agreed.flags().stream()
                .filter(f -> f.code() == FlagCode.LEASE_IN_FORCE)
                .findFirst()
                .orElseThrow()
                .section())
        .isEqualTo(Section.EUL);
  }

  @Test
  void aJeonseRightInForceIsRaised() {
    RiskReport r = report(clean().eul(RightKind.JEONSE, "전세권설정", 100_000_000L, "설정계약"));

    assertThat(raises(r, FlagCode.JEONSE_IN_FORCE)).isTrue();
  }

  @Test
  void anOwnershipReceivedWithinThreeMonthsOfTheContractIsRecent() {
    RiskReport recent = report(Registers.owned("김민준", CONTRACT.minusDays(90)));
    RiskReport older = report(Registers.owned("김민준", CONTRACT.minusDays(91)));

    assertThat(raises(recent, FlagCode.OWNERSHIP_RECENT)).isTrue();
    assertThat(recent.flags().getFirst().rank()).isEqualTo("2");
    assertThat(raises(older, FlagCode.OWNERSHIP_RECENT)).isFalse();
  }

  @Test
  void withoutAContractDateRecentIsCountedFromToday() {
    ReportInputs noDate = new ReportInputs(100_000_000L, null, null, null, null);
    RiskReport r =
        report(Registers.owned("김민준", TODAY.minusDays(10)).build(), noDate, price(1_000_000_000L));

    assertThat(r.asOf()).isEqualTo(TODAY);
    assertThat(raises(r, FlagCode.OWNERSHIP_RECENT)).isTrue();
  }

  @Test
  void threeTransfersWithinTwoYearsAreMany() {
    Registers many =
        clean().supersededOwner(CONTRACT.minusMonths(20)).supersededOwner(CONTRACT.minusMonths(12));
    // clean()'s own transfer (2018) is outside the window: two in the window so far.
    assertThat(raises(report(many), FlagCode.OWNERSHIP_MANY_TRANSFERS)).isFalse();

    many.supersededOwner(CONTRACT.minusMonths(6));
    assertThat(raises(report(many), FlagCode.OWNERSHIP_MANY_TRANSFERS)).isTrue();
  }

  @Test
  void aLandlordWhoIsNotTheOwnerIsHigh() {
    ReportInputs other = new ReportInputs(100_000_000L, null, "이서연", CONTRACT, null);
    ReportInputs spaced = new ReportInputs(100_000_000L, null, "김 민준", CONTRACT, null);

    RiskReport r = report(clean().build(), other, price(1_000_000_000L));

    assertThat(raises(r, FlagCode.OWNER_NOT_LANDLORD)).isTrue();
    assertThat(r.worst()).isEqualTo(Severity.HIGH);
    assertThat(r.flags().getFirst().messageKo()).contains("김민준");
    assertThat(
            raises(
                report(clean().build(), spaced, price(1_000_000_000L)),
                FlagCode.OWNER_NOT_LANDLORD))
        .isFalse();
  }

  @Test
  void coOwnershipIsRaised() {
    RiskReport r = report(clean().owners("김민준", "이서연"));

    assertThat(raises(r, FlagCode.CO_OWNERSHIP)).isTrue();
    assertThat(r.flags().getFirst().messageKo()).contains("2명");
  }

  @Test
  void aCollectiveBuildingWithoutLandRightIsRaised() {
    assertThat(raises(report(clean().noLandRight()), FlagCode.NO_LAND_RIGHT)).isTrue();
  }

  @Test
  void everyParseWarningBecomesAFlagOfItsEntry() {
    RiskReport r =
        report(
            clean()
                .mortgage(1L)
                .warning(Section.EUL, "1", "max_claim")
                .warning(null, null, "title"));

    assertThat(r.flags()).filteredOn(f -> f.code() == FlagCode.PARSE_UNCERTAIN).hasSize(2);
    Flag first =
        r.flags().stream()
            .filter(f -> f.code() == FlagCode.PARSE_UNCERTAIN)
            .findFirst()
            .orElseThrow();
    assertThat(first.section()).isEqualTo(Section.EUL);
    assertThat(first.rank()).isEqualTo("1");
    assertThat(first.messageKo()).contains("max_claim");
  }

  @Test
  void flagsComeWorstFirst() {
    RiskReport r =
        report(
            clean()
                .owners("김민준", "이서연")
                .gap(RightKind.SEIZURE, "압류", LocalDate.of(2024, 1, 5), null));

    assertThat(r.flags())
        .extracting(Flag::severity)
        .containsExactly(Severity.HIGH, Severity.MEDIUM);
    assertThat(r.worst()).isEqualTo(Severity.HIGH);
  }

  @Test
  void wonReadsAsKoreanWrite() {
    assertThat(Won.korean(320_000_000L)).isEqualTo("3억 2,000만원");
    assertThat(Won.korean(100_000_000L)).isEqualTo("1억원");
    assertThat(Won.korean(5_500L)).isEqualTo("5,500원");
    assertThat(Won.korean(1_234_567_890L)).isEqualTo("12억 3,456만 7890원");
  }
}
