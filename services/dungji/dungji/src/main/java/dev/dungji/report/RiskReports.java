package dev.dungji.report;

import dev.dungji.price.MarketPrice;
import dev.dungji.register.ParsedRegister;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The report as a pure function: a parsed register, the tenant's inputs, a market price and the
 * thresholds in, a {@link RiskReport} out. No clock (the caller passes today), no I/O.
 *
 * <p>Every right in force counts as senior to the tenant: a tenant who signs now gains 대항력 only the
 * day after moving in, after everything already registered. Not counted (the report says so in its
 * disclaimer): unpaid taxes (당해세), small-deposit priority (최우선변제) of other tenants, and
 * unregistered tenants' deposits, none of which the register shows.
 */
public final class RiskReports {
  private RiskReports() {}

  public static RiskReport compute(
      ParsedRegister register,
      ReportInputs inputs,
      Optional<MarketPrice> price,
      String priceError,
      ReportThresholds t,
      LocalDate today) {
    LocalDate asOf = inputs.contractDate() != null ? inputs.contractDate() : today;
    Figures figures = figures(register, inputs, price, t);
    List<Flag> flags = new ArrayList<>(RegisterFlags.of(register, inputs, asOf, t));
    flags.addAll(figureFlags(figures, t));
    // Worst first; within a severity the register's order (a stable sort keeps it).
    flags.sort(Comparator.comparing(Flag::severity));
    Severity worst = flags.isEmpty() ? null : flags.getFirst().severity();
    return new RiskReport(
        register.owners(),
        figures,
        List.copyOf(flags),
        worst,
        asOf,
        priceError,
        RiskReport.DISCLAIMER);
  }

  static Figures figures(
      ParsedRegister register,
      ReportInputs inputs,
      Optional<MarketPrice> price,
      ReportThresholds t) {
    long maxClaims = register.maxClaimInForce();
    long deposits = register.depositsInForce();
    long senior = maxClaims + deposits;
    long deposit = inputs.deposit();
    if (price.isEmpty() || price.get().won() <= 0) {
      return new Figures(
          maxClaims, deposits, senior, deposit, null, null, null, null, null, null, null, null,
          null);
    }
    long won = price.get().won();
    BigDecimal market = BigDecimal.valueOf(won);
    BigDecimal auctionRatio = t.auctionRatioFor(inputs.lawdCode());
    long expected = market.multiply(auctionRatio).setScale(0, RoundingMode.FLOOR).longValueExact();
    long covered = Math.clamp(expected - senior, 0, deposit);
    return new Figures(
        maxClaims,
        deposits,
        senior,
        deposit,
        won,
        price.get().source(),
        price.get().basis(),
        BigDecimal.valueOf(senior + deposit).divide(market, 3, RoundingMode.HALF_UP),
        BigDecimal.valueOf(senior).divide(market, 3, RoundingMode.HALF_UP),
        auctionRatio,
        expected,
        covered,
        deposit - covered);
  }

  private static List<Flag> figureFlags(Figures f, ReportThresholds t) {
    List<Flag> flags = new ArrayList<>();
    if (f.marketPrice() == null) {
      flags.add(Flag.of(FlagCode.PRICE_MISSING, null, null, null, null));
      return flags;
    }
    String ratio = percent(f.ratio());
    if (f.ratio().compareTo(t.dangerRatio()) >= 0) {
      flags.add(
          Flag.of(
              FlagCode.RATIO_OVER_LIMIT,
              null,
              null,
              "(" + ratio + " ≥ " + percent(t.dangerRatio()) + ")",
              "(" + ratio + " ≥ " + percent(t.dangerRatio()) + ")"));
    } else if (f.ratio().compareTo(t.cautionRatio()) >= 0) {
      flags.add(
          Flag.of(
              FlagCode.RATIO_HIGH,
              null,
              null,
              "(" + ratio + " ≥ " + percent(t.cautionRatio()) + ")",
              "(" + ratio + " ≥ " + percent(t.cautionRatio()) + ")"));
    }
    if (f.seniorRatio().compareTo(t.seniorLimitRatio()) > 0) {
      String s = "(" + percent(f.seniorRatio()) + " > " + percent(t.seniorLimitRatio()) + ")";
      flags.add(Flag.of(FlagCode.SENIOR_OVER_LIMIT, null, null, s, s));
    }
    if (f.uncoveredDeposit() > 0) {
      flags.add(
          Flag.of(
              FlagCode.DEPOSIT_NOT_COVERED,
              null,
              null,
              "(예상 미회수 " + Won.korean(f.uncoveredDeposit()) + ")",
              "(expected shortfall " + Won.korean(f.uncoveredDeposit()) + ")"));
    }
    return flags;
  }

  static String percent(BigDecimal ratio) {
    return ratio.movePointRight(2).stripTrailingZeros().toPlainString() + "%";
  }
}
