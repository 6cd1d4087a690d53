package dev.dungji.register;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class RegisterParserTest {

  static String resource(String name) throws IOException {
    try (InputStream in = RegisterParserTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aCollectiveBuildingsTextLayerParsesWithCancellationsResolved() throws Exception {
    ParsedRegister r = RegisterParser.parse(resource("collective-text-layer.txt"), false);

    assertThat(r.kind()).isEqualTo(RegisterKind.COLLECTIVE_BUILDING);
    assertThat(r.uniqueNumber()).isEqualTo("1101-2003-004567");
    assertThat(r.title().address()).startsWith("서울특별시 마포구 성산동 123 한빛아파트");
    assertThat(r.title().buildingName()).isEqualTo("한빛아파트");
    assertThat(r.title().structure()).isEqualTo("철근콘크리트구조");
    assertThat(r.title().exclusiveArea()).isEqualByComparingTo(new BigDecimal("84.97"));
    assertThat(r.title().landRightRatio()).isEqualTo("15234.5분의 45.123");
    assertThat(r.title().landRightRegistered()).isTrue();

    assertThat(r.gap()).extracting(Entry::rank).containsExactly("1", "2", "3", "4", "5");
    Entry seizure = r.gap().get(2);
    assertThat(seizure.kind()).isEqualTo(RightKind.PROVISIONAL_SEIZURE);
    assertThat(seizure.receiptDate()).isEqualTo(LocalDate.of(2019, 7, 1));
    assertThat(seizure.receiptNumber()).isEqualTo("50111");
    assertThat(seizure.claim()).isEqualTo(35_000_000L);
    assertThat(seizure.holders()).containsExactly("주식회사 나래캐피탈");
    assertThat(seizure.cause()).isEqualTo("2019년6월28일 서울서부지방법원의 가압류결정(2019카단1234)");
    assertThat(seizure.status()).isEqualTo(EntryStatus.CANCELLED);
    assertThat(seizure.cancelledBy()).isEqualTo("4");
    assertThat(r.gap().get(3).status()).isEqualTo(EntryStatus.CANCELLING);
    assertThat(r.gap().get(1).status()).isEqualTo(EntryStatus.SUPERSEDED);
    assertThat(r.gap().get(4).status()).isEqualTo(EntryStatus.IN_FORCE);
    assertThat(r.gap().get(4).cause()).isEqualTo("2021년7월1일 매매");
    assertThat(r.owners()).containsExactly("박누리");

    assertThat(r.eul()).extracting(Entry::rank).containsExactly("1", "1-1", "2", "3");
    assertThat(r.eul().get(0).maxClaim()).as("the 변경 부기 folded in").isEqualTo(180_000_000L);
    assertThat(r.eul().get(0).status()).isEqualTo(EntryStatus.CANCELLED);
    assertThat(r.eul().get(1).status()).isEqualTo(EntryStatus.CANCELLED);
    Entry mortgage = r.eul().get(3);
    assertThat(mortgage.holders()).containsExactly("주식회사 신한은행");
    assertThat(mortgage.debtor()).isEqualTo("박누리");
    assertThat(mortgage.receiptNumber()).isEqualTo("120458");
    assertThat(r.burdensInForce()).containsExactly(mortgage);
    assertThat(r.maxClaimInForce()).isEqualTo(624_000_000L);

    assertThat(r.summary().present()).isTrue();
    assertThat(r.summary().eulRanks()).containsExactly("3");
    assertThat(r.summary().owners()).containsExactly("박누리");
    assertThat(r.summary().agrees()).isTrue();
    assertThat(r.warnings()).isEmpty();
    assertThat(r.confidence()).isEqualTo(1.0);
  }

  @Test
  void ocrDamageIsRepairedWhereOnlyDigitsCanStandAndFlaggedWhereNot() throws Exception {
    String text =
        resource("collective-text-layer.txt")
            .replace("【 갑 구 】", "[ 갑  구 ]")
            .replace("【 을 구 】", "【 을 구 】".replace(" ", "  "))
            .replace("금624,000,000원", "금 624,OOO,000 원")
            .replace("근저당권설정 2004년3월15일", "근 저 당 권 설 정 2004년3월l5일")
            .replace("금35,000,000원", "금35,0000,000원");
    ParsedRegister r = RegisterParser.parse(text, true);

    Entry mortgage = r.eul().get(3);
    assertThat(mortgage.maxClaim()).isEqualTo(624_000_000L);
    assertThat(mortgage.confidence().get("max_claim")).isLessThan(1.0).isGreaterThan(0.5);
    assertThat(r.eul().get(0).kind()).isEqualTo(RightKind.MORTGAGE);
    assertThat(r.eul().get(0).receiptDate()).isEqualTo(LocalDate.of(2004, 3, 15));
    Entry seizure = r.gap().get(2);
    assertThat(seizure.confidence().get("claim")).isLessThan(0.5);
    assertThat(r.warnings())
        .anySatisfy(
            w -> {
              assertThat(w.code()).isEqualTo(Warning.PARSE_UNCERTAIN);
              assertThat(w.rank()).isEqualTo("3");
              assertThat(w.field()).isEqualTo("claim");
            });
    assertThat(r.confidence()).isLessThan(1.0);
  }

  @Test
  void theSummaryDisagreeingWithTheBodyIsAWarning() throws Exception {
    // The cancelling entry lost (a page OCR could not read): the body keeps the seizure in force,
    // the summary does not list it.
    String text =
        resource("collective-text-layer.txt")
            .replace("4 3번가압류등기말소 2019년11월4일 2019년10월30일\n제80123호 해제\n", "");
    ParsedRegister r = RegisterParser.parse(text, false);

    assertThat(r.gap().get(2).status()).isEqualTo(EntryStatus.IN_FORCE);
    assertThat(r.summary().agrees()).isFalse();
    assertThat(r.warnings()).anySatisfy(w -> assertThat(w.field()).isEqualTo("status"));
    assertThat(r.warnings()).anySatisfy(w -> assertThat(w.field()).isEqualTo("rank"));
  }

  @Test
  void aStruckEntryWithoutItsCancellationIsTakenAsCancelledWithAWarning() throws Exception {
    java.util.List<Line> lines = new java.util.ArrayList<>();
    for (String l :
        resource("collective-text-layer.txt")
            .replace("4 3번가압류등기말소 2019년11월4일 2019년10월30일\n제80123호 해제\n", "")
            .split("\n")) {
      lines.add(new Line(l, 1, false, l.startsWith("3 가압류")));
    }
    ParsedRegister r = RegisterParser.parse(lines);

    assertThat(r.gap().get(2).status()).isEqualTo(EntryStatus.CANCELLED);
    assertThat(r.gap().get(2).cancelledBy()).isEqualTo("struck");
    assertThat(r.warnings())
        .anySatisfy(w -> assertThat(w.message()).contains("붉은 줄"))
        .anySatisfy(w -> assertThat(w.message()).contains("말소 등기가 있지만 붉은 줄이 없음"));
  }

  @Test
  void aHeadingOcrMisreadByAJamoStillOpensItsPart() throws Exception {
    String text = resource("collective-text-layer.txt").replace("【 갑 구 】", "【감 구 】");
    ParsedRegister r = RegisterParser.parse(text, true);

    assertThat(r.gap()).extracting(Entry::rank).containsExactly("1", "2", "3", "4", "5");
    assertThat(r.owners()).containsExactly("박누리");
  }

  @Test
  void aHeadingWhoseNameAndDescriptionDisagreeOpensNothing() {
    assertThat(RegisterParser_sectionHeading("감구소유권에관한사항")).isEqualTo(Section.GAP);
    assertThat(RegisterParser_sectionHeading("을구소유권이외의권리에관한사항")).isEqualTo(Section.EUL);
    assertThat(RegisterParser_sectionHeading("감구소유권이외의권리에관한사항")).isNull();
  }

  static Section RegisterParser_sectionHeading(String bare) {
    return RegisterParser.Run.sectionHeading(bare);
  }

  @Test
  void aPurposeMisreadByAJamoIsReadWithLessConfidence() throws Exception {
    String text =
        resource("collective-text-layer.txt").replace("3 근저당권설정 2021년8월9일", "3 그저당권설정 2021년8월9일");
    ParsedRegister r = RegisterParser.parse(text, true);

    Entry mortgage = r.eul().get(3);
    assertThat(mortgage.kind()).isEqualTo(RightKind.MORTGAGE);
    assertThat(mortgage.purpose()).isEqualTo("근저당권설정");
    assertThat(mortgage.receiptDate()).isEqualTo(LocalDate.of(2021, 8, 9));
    assertThat(mortgage.confidence().get("purpose")).isLessThan(0.9);
    assertThat(r.maxClaimInForce()).isEqualTo(624_000_000L);
  }

  @Test
  void anAnnexWhoseRankLostItsHyphenIsRestoredFromItsPurpose() throws Exception {
    for (String read : new String[] {"1 1 1번근저당권변경", "11 1번근저당권변경"}) {
      String text = resource("collective-text-layer.txt").replace("1-1 1번근저당권변경", read);
      ParsedRegister r = RegisterParser.parse(text, true);

      assertThat(r.eul()).as(read).extracting(Entry::rank).containsExactly("1", "1-1", "2", "3");
      assertThat(r.eul().get(1).confidence().get("rank")).isLessThan(0.9);
      assertThat(r.warnings()).as(read).noneSatisfy(w -> assertThat(w.field()).isEqualTo("rank"));
    }
  }

  @Test
  void aMainEntryIsNotTakenForAnAnnex() throws Exception {
    // "11 1번…말소" is a main entry cancelling entry 1, not the 부기 1-1; a rank that is not
    // "N then k" for the entry N its purpose names is left as read.
    assertThat(RegisterParser.Run.annexRank("11", "1", "1번근저당권설정등기말소")).isNull();
    assertThat(RegisterParser.Run.annexRank("11", "1", "1번근저당권변경")).isEqualTo("1-1");
    assertThat(RegisterParser.Run.annexRank("2", "2", "2번근저당권변경")).isNull();
    assertThat(RegisterParser.Run.annexRank("31", "2", "2번근저당권변경")).isNull();
  }

  @Test
  void aCompanysLegalFormIsSetApartAsTheRegisterWritesIt() {
    assertThat(RegisterParser.Run.name("주식회사한국토지신탁 110111-*******")).isEqualTo("주식회사 한국토지신탁");
    assertThat(RegisterParser.Run.name("농협은행주식회사 110111-*******")).isEqualTo("농협은행 주식회사");
    assertThat(RegisterParser.Run.name("김주식회사랑 750101-*******")).isEqualTo("김주식회사랑");
  }

  @Test
  void anAreaWhoseSquareMetreSignWasReadAsDigitsIsCutAndFlagged() throws Exception {
    ParsedRegister r =
        RegisterParser.parse(
            resource("collective-text-layer.txt").replace("84.97㎡", "84.9701"), true);

    assertThat(r.title().exclusiveArea()).isEqualByComparingTo(new BigDecimal("84.97"));
    assertThat(r.warnings()).anySatisfy(w -> assertThat(w.field()).isEqualTo("exclusive_area"));

    ParsedRegister zero =
        RegisterParser.parse(
            resource("collective-text-layer.txt").replace("84.97㎡", "84.970"), true);
    assertThat(zero.title().exclusiveArea()).isEqualByComparingTo(new BigDecimal("84.97"));
    assertThat(zero.warnings()).noneSatisfy(w -> assertThat(w.field()).isEqualTo("exclusive_area"));
  }

  @Test
  void anOwnerNameReadOneJamoOffWhereItIsRepeatedIsAWarning() throws Exception {
    String body = resource("collective-text-layer.txt");
    // No 요약 pages to compare with; the owner is also the mortgage's 채무자 (박누리).
    String text =
        body.substring(0, body.indexOf("[집합건물] 서울특별시 마포구 성산동 123 한빛아파트 제101동 제7층 제702호\n주요"))
            .replace("소유자 박누리", "소유자 박누라");
    ParsedRegister r = RegisterParser.parse(text, true);

    assertThat(r.summary().present()).isFalse();
    assertThat(r.owners()).containsExactly("박누라");
    assertThat(r.warnings())
        .anySatisfy(
            w -> {
              assertThat(w.field()).isEqualTo("owners");
              assertThat(w.message()).contains("박누리");
            });
  }

  @Test
  void textThatIsNoRegisterFails() {
    assertThatThrownBy(() -> RegisterParser.parse("주문서\n상품 3개 합계 30,000원", false))
        .isInstanceOf(NotARegisterException.class);
  }
}
