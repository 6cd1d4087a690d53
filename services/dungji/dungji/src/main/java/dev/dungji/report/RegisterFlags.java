package dev.dungji.report;

import dev.dungji.register.Entry;
import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RightKind;
import dev.dungji.register.Section;
import dev.dungji.register.Warning;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** The flags the register alone raises (with the landlord's name and the contract date). */
final class RegisterFlags {
  private RegisterFlags() {}

  static List<Flag> of(
      ParsedRegister register, ReportInputs inputs, LocalDate asOf, ReportThresholds t) {
    List<Flag> flags = new ArrayList<>();
    register.entries().filter(Entry::inForce).forEach(e -> entryFlag(e, flags));
    ownershipFlags(register, asOf, t, flags);
    if (inputs.landlordName() != null
        && !inputs.landlordName().isBlank()
        && register.owners().stream().noneMatch(o -> sameName(o, inputs.landlordName()))) {
      flags.add(
          Flag.of(
              FlagCode.OWNER_NOT_LANDLORD,
              Section.GAP,
              null,
              "(소유자: " + String.join(", ", register.owners()) + ")",
              "(owners: " + String.join(", ", register.owners()) + ")"));
    }
    if (register.owners().size() > 1) {
      flags.add(
          Flag.of(
              FlagCode.CO_OWNERSHIP,
              Section.GAP,
              null,
              "(" + register.owners().size() + "명)",
              "(" + register.owners().size() + " owners)"));
    }
    if (Boolean.FALSE.equals(register.title().landRightRegistered())) {
      flags.add(Flag.of(FlagCode.NO_LAND_RIGHT, null, null, null, null));
    }
    for (Warning w : register.warnings()) {
      flags.add(
          Flag.of(
              FlagCode.PARSE_UNCERTAIN,
              w.section(),
              w.rank(),
              "(" + w.field() + ": " + w.message() + ")",
              "(" + w.field() + ")"));
    }
    return flags;
  }

  /** The flag an entry in force raises by its kind, if any (mortgages count in the figures). */
  private static void entryFlag(Entry e, List<Flag> flags) {
    FlagCode code =
        switch (e.kind()) {
          case SEIZURE -> FlagCode.SEIZURE;
          case PROVISIONAL_SEIZURE -> FlagCode.PROVISIONAL_SEIZURE;
          case INJUNCTION -> FlagCode.INJUNCTION;
          case AUCTION -> FlagCode.AUCTION;
          case TRUST -> FlagCode.TRUST;
          case PROVISIONAL_REGISTRATION -> FlagCode.PROVISIONAL_REGISTRATION;
          case LEASE -> leaseOrder(e) ? FlagCode.LEASE_REGISTRATION_ORDER : FlagCode.LEASE_IN_FORCE;
          case JEONSE -> FlagCode.JEONSE_IN_FORCE;
          default -> null;
        };
    if (code != null) {
      flags.add(Flag.of(code, e.section(), e.rank(), null, null));
    }
  }

  /** 주택임차권 is what a court's 임차권등기명령 registers; the cause names the order. */
  static boolean leaseOrder(Entry e) {
    return (e.purpose() != null && e.purpose().contains("주택임차권"))
        || (e.cause() != null && e.cause().replace(" ", "").contains("임차권등기명령"));
  }

  private static void ownershipFlags(
      ParsedRegister register, LocalDate asOf, ReportThresholds t, List<Flag> flags) {
    LocalDate recentFrom = asOf.minusDays(t.recentTransferDays());
    register.gap().stream()
        .filter(e -> e.inForce() && e.kind().ownership() && e.receiptDate() != null)
        .filter(e -> !e.receiptDate().isBefore(recentFrom) && !e.receiptDate().isAfter(asOf))
        .forEach(
            e ->
                flags.add(
                    Flag.of(
                        FlagCode.OWNERSHIP_RECENT,
                        e.section(),
                        e.rank(),
                        "(접수 " + e.receiptDate() + ")",
                        "(received " + e.receiptDate() + ")")));
    LocalDate manyFrom = asOf.minusYears(t.manyTransfersYears());
    List<Entry> transfers =
        register.gap().stream()
            .filter(
                e ->
                    (e.kind() == RightKind.OWNERSHIP_TRANSFER || e.kind() == RightKind.TRUST)
                        && e.receiptDate() != null
                        && !e.receiptDate().isBefore(manyFrom)
                        && !e.receiptDate().isAfter(asOf))
            .toList();
    if (transfers.size() >= t.manyTransfersCount()) {
      Entry last = transfers.getLast();
      flags.add(
          Flag.of(
              FlagCode.OWNERSHIP_MANY_TRANSFERS,
              last.section(),
              last.rank(),
              "(" + t.manyTransfersYears() + "년 동안 " + transfers.size() + "회)",
              "(" + transfers.size() + " times in " + t.manyTransfersYears() + " years)"));
    }
  }

  /** Names compare without spaces: "김 민준" is "김민준". */
  static boolean sameName(String a, String b) {
    return a.replaceAll("\\s+", "").equals(b.replaceAll("\\s+", ""));
  }
}
