package dev.dungji.report;

import dev.dungji.register.Entry;
import dev.dungji.register.EntryStatus;
import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RegisterKind;
import dev.dungji.register.RightKind;
import dev.dungji.register.Section;
import dev.dungji.register.SummaryCheck;
import dev.dungji.register.TitlePart;
import dev.dungji.register.Warning;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Parsed registers built by hand, one right at a time, for the report's rules. */
final class Registers {
  private final List<Entry> gap = new ArrayList<>();
  private final List<Entry> eul = new ArrayList<>();
  private final List<Warning> warnings = new ArrayList<>();
  private List<String> owners = List.of("김민준");
  private Boolean landRight = true;

  static Registers owned(String owner, LocalDate since) {
    Registers r = new Registers();
    r.owners = List.of(owner);
    r.gap.add(
        entry(
            Section.GAP,
            "1",
            "소유권보존",
            RightKind.OWNERSHIP_PRESERVATION,
            LocalDate.of(2010, 3, 2),
            null,
            EntryStatus.SUPERSEDED,
            null,
            null,
            null));
    r.gap(RightKind.OWNERSHIP_TRANSFER, "소유권이전", since, null);
    return r;
  }

  Registers gap(RightKind kind, String purpose, LocalDate received, String cause) {
    gap.add(
        entry(
            Section.GAP,
            String.valueOf(gap.size() + 1),
            purpose,
            kind,
            received,
            cause,
            EntryStatus.IN_FORCE,
            null,
            null,
            null));
    return this;
  }

  Registers cancelledGap(RightKind kind, String purpose, LocalDate received) {
    gap.add(
        entry(
            Section.GAP,
            String.valueOf(gap.size() + 1),
            purpose,
            kind,
            received,
            null,
            EntryStatus.CANCELLED,
            null,
            null,
            null));
    return this;
  }

  Registers supersededOwner(LocalDate received) {
    gap.add(
        entry(
            Section.GAP,
            String.valueOf(gap.size() + 1),
            "소유권이전",
            RightKind.OWNERSHIP_TRANSFER,
            received,
            null,
            EntryStatus.SUPERSEDED,
            null,
            null,
            null));
    return this;
  }

  Registers mortgage(long maxClaim) {
    eul.add(
        entry(
            Section.EUL,
            String.valueOf(eul.size() + 1),
            "근저당권설정",
            RightKind.MORTGAGE,
            LocalDate.of(2020, 5, 1),
            "설정계약",
            EntryStatus.IN_FORCE,
            maxClaim,
            null,
            null));
    return this;
  }

  Registers cancelledMortgage(long maxClaim) {
    eul.add(
        entry(
            Section.EUL,
            String.valueOf(eul.size() + 1),
            "근저당권설정",
            RightKind.MORTGAGE,
            LocalDate.of(2015, 5, 1),
            "설정계약",
            EntryStatus.CANCELLED,
            maxClaim,
            null,
            null));
    return this;
  }

  Registers eul(RightKind kind, String purpose, Long deposit, String cause) {
    eul.add(
        entry(
            Section.EUL,
            String.valueOf(eul.size() + 1),
            purpose,
            kind,
            LocalDate.of(2021, 1, 4),
            cause,
            EntryStatus.IN_FORCE,
            null,
            deposit,
            null));
    return this;
  }

  Registers owners(String... names) {
    owners = List.of(names);
    return this;
  }

  Registers noLandRight() {
    landRight = false;
    return this;
  }

  Registers warning(Section section, String rank, String field) {
    warnings.add(new Warning(Warning.PARSE_UNCERTAIN, section, rank, field, "읽기 불확실 (uncertain)"));
    return this;
  }

  ParsedRegister build() {
    TitlePart title =
        new TitlePart(
            "서울특별시 마포구 월드컵북로 396",
            "누리아파트",
            "철근콘크리트구조",
            new BigDecimal("84.59"),
            "1234.5분의 45.12",
            landRight,
            Map.of());
    return new ParsedRegister(
        RegisterKind.COLLECTIVE_BUILDING,
        "1146-2010-012345",
        title,
        List.copyOf(gap),
        List.copyOf(eul),
        owners,
        new SummaryCheck(false, List.of(), List.of(), List.of(), true),
        List.copyOf(warnings),
        warnings.isEmpty() ? 1.0 : 0.5);
  }

  private static Entry entry(
      Section section,
      String rank,
      String purpose,
      RightKind kind,
      LocalDate received,
      String cause,
      EntryStatus status,
      Long maxClaim,
      Long deposit,
      Long claim) {
    return new Entry(
        section,
        rank,
        purpose,
        kind,
        received,
        "1234",
        cause,
        List.of("누군가"),
        null,
        maxClaim,
        deposit,
        claim,
        List.of(),
        status,
        status == EntryStatus.CANCELLED ? "9" : null,
        null,
        1,
        Map.of(),
        purpose);
  }
}
