package dev.dungji.register;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegisterDiffTest {
  private static Entry entry(
      Section section, String rank, RightKind kind, Long maxClaim, EntryStatus status) {
    return new Entry(
        section,
        rank,
        kind.korean(),
        kind,
        null,
        null,
        null,
        List.of(),
        null,
        maxClaim,
        null,
        null,
        List.of(),
        status,
        null,
        null,
        1,
        Map.of(),
        "");
  }

  private static ParsedRegister register(List<String> owners, Entry... entries) {
    List<Entry> all = List.of(entries);
    return new ParsedRegister(
        RegisterKind.COLLECTIVE_BUILDING,
        null,
        null,
        all.stream().filter(e -> e.section() == Section.GAP).toList(),
        all.stream().filter(e -> e.section() == Section.EUL).toList(),
        owners,
        null,
        List.of(),
        1.0);
  }

  private static final Entry OWNER =
      entry(Section.GAP, "2", RightKind.OWNERSHIP_TRANSFER, null, EntryStatus.IN_FORCE);
  private static final Entry MORTGAGE =
      entry(Section.EUL, "1", RightKind.MORTGAGE, 240_000_000L, EntryStatus.IN_FORCE);

  @Test
  void theSameRegisterHasNoChanges() {
    ParsedRegister r = register(List.of("김민준"), OWNER, MORTGAGE);
    assertThat(RegisterDiff.between(r, r)).isEmpty();
  }

  @Test
  void aNewSeizureAndANewMortgageAreRightsAdded() {
    ParsedRegister before = register(List.of("김민준"), OWNER, MORTGAGE);
    Entry seizure = entry(Section.GAP, "3", RightKind.SEIZURE, null, EntryStatus.IN_FORCE);
    Entry second = entry(Section.EUL, "2", RightKind.MORTGAGE, 60_000_000L, EntryStatus.IN_FORCE);
    ParsedRegister after = register(List.of("김민준"), OWNER, seizure, MORTGAGE, second);

    List<RegisterChange> changes = RegisterDiff.between(before, after);

    assertThat(changes)
        .extracting(RegisterChange::type, RegisterChange::kind, RegisterChange::rank)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                RegisterChange.Type.RIGHT_ADDED, RightKind.SEIZURE, "3"),
            org.assertj.core.groups.Tuple.tuple(
                RegisterChange.Type.RIGHT_ADDED, RightKind.MORTGAGE, "2"));
    assertThat(changes.get(1).after()).isEqualTo(60_000_000L);
    assertThat(changes.get(0).describe()).startsWith("새 권리 등기: 압류 (갑구 3번)");
    assertThat(changes.get(1).describe()).contains("금60,000,000원");
  }

  @Test
  void aCancelledMortgageIsARightCancelled() {
    ParsedRegister before = register(List.of("김민준"), OWNER, MORTGAGE);
    Entry cancelled =
        entry(Section.EUL, "1", RightKind.MORTGAGE, 240_000_000L, EntryStatus.CANCELLED);
    Entry cancelling =
        entry(Section.EUL, "2", RightKind.CANCELLATION, null, EntryStatus.CANCELLING);
    ParsedRegister after = register(List.of("김민준"), OWNER, cancelled, cancelling);

    assertThat(RegisterDiff.between(before, after))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.type()).isEqualTo(RegisterChange.Type.RIGHT_CANCELLED);
              assertThat(c.kind()).isEqualTo(RightKind.MORTGAGE);
              assertThat(c.section()).isEqualTo(Section.EUL);
              assertThat(c.describe()).startsWith("권리 말소: 근저당권 (을구 1번)");
            });
  }

  @Test
  void anotherOwnerIsAnOwnershipChangeWithBothNames() {
    ParsedRegister before = register(List.of("김민준"), OWNER);
    Entry sold = entry(Section.GAP, "3", RightKind.OWNERSHIP_TRANSFER, null, EntryStatus.IN_FORCE);
    ParsedRegister after = register(List.of("이서연"), OWNER, sold);

    assertThat(RegisterDiff.between(before, after))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.type()).isEqualTo(RegisterChange.Type.OWNER_CHANGED);
              assertThat(c.purpose()).isEqualTo("김민준");
              assertThat(c.detail()).isEqualTo("이서연");
              assertThat(c.describe()).startsWith("소유자 변경: 김민준 → 이서연");
            });
  }

  @Test
  void coOwnersInAnotherOrderAreNoChange() {
    assertThat(
            RegisterDiff.between(register(List.of("김민준", "이서연")), register(List.of("이서연", "김민준"))))
        .isEmpty();
  }

  @Test
  void aChangedMaximumClaimIsReportedWithBothAmounts() {
    ParsedRegister before = register(List.of("김민준"), OWNER, MORTGAGE);
    Entry raised = entry(Section.EUL, "1", RightKind.MORTGAGE, 360_000_000L, EntryStatus.IN_FORCE);
    ParsedRegister after = register(List.of("김민준"), OWNER, raised);

    assertThat(RegisterDiff.between(before, after))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.type()).isEqualTo(RegisterChange.Type.MAX_CLAIM_CHANGED);
              assertThat(c.before()).isEqualTo(240_000_000L);
              assertThat(c.after()).isEqualTo(360_000_000L);
              assertThat(c.describe()).contains("금240,000,000원 → 금360,000,000원");
            });
  }
}
