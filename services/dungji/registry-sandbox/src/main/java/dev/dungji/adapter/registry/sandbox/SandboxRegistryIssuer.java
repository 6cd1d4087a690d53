package dev.dungji.adapter.registry.sandbox;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.IssuerException;
import dev.dungji.issuer.IssuerFault;
import dev.dungji.issuer.Refetch;
import dev.dungji.issuer.RegistryIssuer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An issuer that behaves like the real one without a network or a fee: it keeps a payment ledger
 * per idempotency key (so a second payment for one key is impossible and visible), makes a
 * realistic certificate PDF, and injects faults per request (markers in the nest's name) or at a
 * configured rate. As a real issuer does, it serves a charged document again under its key for a
 * limited time ({@code refetchWindow}); past it the outcome of the key is unknowable.
 */
public final class SandboxRegistryIssuer implements RegistryIssuer {
  private static final Pattern MARKER = Pattern.compile("\\[sandbox:([a-z_,\\- ]+)]");

  private final RegistryPdf pdf;
  private final Map<SandboxFault, Double> rates;
  private final DoubleSupplier random;
  private final Duration refetchWindow;
  private final Clock clock;
  private final Map<String, IssuedDocument> paid = new ConcurrentHashMap<>();
  private final Map<String, Instant> paidAt = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> payments = new ConcurrentHashMap<>();
  private final AtomicInteger issueCalls = new AtomicInteger();
  // Certificates made per register (address, unit, label): the k-th shows the k-th state.
  private final Map<String, AtomicInteger> issuedPerRegister = new ConcurrentHashMap<>();

  /**
   * @param font a TrueType font with Hangul, embedded in every PDF; null for the bundled
   *     NanumGothic
   * @param rates faults injected into every request with these probabilities (0..1)
   * @param random the draw for {@code rates}
   */
  public SandboxRegistryIssuer(Path font, Map<SandboxFault, Double> rates, DoubleSupplier random) {
    this(font, rates, random, DEFAULT_REFETCH_WINDOW, Clock.systemUTC());
  }

  /** A charged document can be fetched again for this long by default (a day). */
  public static final Duration DEFAULT_REFETCH_WINDOW = Duration.ofDays(1);

  /**
   * @param refetchWindow how long after the charge {@link #refetch} serves the document
   * @param clock when charges happen and the window ends
   */
  public SandboxRegistryIssuer(
      Path font,
      Map<SandboxFault, Double> rates,
      DoubleSupplier random,
      Duration refetchWindow,
      Clock clock) {
    if (refetchWindow.isNegative()) {
      throw new IllegalArgumentException("refetchWindow is negative: " + refetchWindow);
    }
    this.pdf = new RegistryPdf(font);
    this.rates = Map.copyOf(rates);
    this.random = random;
    this.refetchWindow = refetchWindow;
    this.clock = clock;
  }

  /** Parses {@code "timeout:0.1, automation:0.05"} (an empty string: no faults). */
  public static Map<SandboxFault, Double> parseRates(String spec) {
    Map<SandboxFault, Double> rates = new java.util.EnumMap<>(SandboxFault.class);
    if (spec == null || spec.isBlank()) {
      return rates;
    }
    for (String part : spec.split(",")) {
      String[] kv = part.split(":");
      double rate = kv.length > 1 ? Double.parseDouble(kv[1].trim()) : 1.0;
      if (rate < 0 || rate > 1) {
        throw new IllegalArgumentException("a fault rate is between 0 and 1: " + part);
      }
      rates.put(SandboxFault.parse(kv[0]), rate);
    }
    return rates;
  }

  /** The faults written into a label as {@code [sandbox:a,b]}. */
  static Set<SandboxFault> markers(String label) {
    Set<SandboxFault> faults = EnumSet.noneOf(SandboxFault.class);
    if (label != null) {
      Matcher m = MARKER.matcher(label);
      while (m.find()) {
        for (String name : m.group(1).split(",")) {
          if (!name.isBlank()) {
            faults.add(SandboxFault.parse(name));
          }
        }
      }
    }
    return faults;
  }

  @Override
  public IssuedDocument issue(IssueRequest request) {
    issueCalls.incrementAndGet();
    Set<SandboxFault> faults = markers(request.label());
    rates.forEach(
        (fault, rate) -> {
          if (random.getAsDouble() < rate) {
            faults.add(fault);
          }
        });
    boolean first = request.attempt() <= 1;
    String key = request.idempotencyKey();
    if (paid.containsKey(key)) {
      throw new IssuerException(
          IssuerFault.DUPLICATE_PAYMENT, "already paid for idempotency key " + key);
    }
    if (faults.contains(SandboxFault.BUG)) {
      throw new IllegalStateException("sandbox: an unexpected bug in the issuing adapter");
    }
    if (faults.contains(SandboxFault.INIT)) {
      throw new IssuerException(IssuerFault.INITIALISATION_FAILED, "sandbox: bot did not start");
    }
    if (faults.contains(SandboxFault.TIMEOUT)
        || (first && faults.contains(SandboxFault.TIMEOUT_ONCE))) {
      throw new IssuerException(
          IssuerFault.TIMEOUT_BEFORE_PAYMENT, "sandbox: no answer before payment");
    }
    if (first && faults.contains(SandboxFault.NETWORK_ONCE)) {
      throw new IssuerException(IssuerFault.NETWORK, "sandbox: connection reset");
    }
    if (first && faults.contains(SandboxFault.MAINTENANCE_ONCE)) {
      throw new IssuerException(
          IssuerFault.MAINTENANCE, "sandbox: 시스템 점검 중", Duration.ofSeconds(1), null);
    }
    if (first && faults.contains(SandboxFault.RATE_LIMIT_ONCE)) {
      throw new IssuerException(
          IssuerFault.RATE_LIMITED, "sandbox: too many requests", Duration.ofSeconds(1), null);
    }
    if (faults.contains(SandboxFault.AUTOMATION)) {
      throw new IssuerException(IssuerFault.AUTOMATION_FAILED, "sandbox: issuing flow failed");
    }
    if (faults.contains(SandboxFault.DUPLICATE)) {
      throw new IssuerException(
          IssuerFault.DUPLICATE_PAYMENT, "sandbox: the site reports this request as paid");
    }
    if (faults.contains(SandboxFault.EMPTY)) {
      return pay(key, new IssuedDocument(new byte[0], receipt(key)));
    }
    IssuedDocument document =
        new IssuedDocument(
            pdf.render(request, nextIssuance(request), format(faults)), receipt(key));
    pay(key, document);
    if (faults.contains(SandboxFault.CHARGED_TIMEOUT)) {
      throw new IssuerException(
          IssuerFault.POSSIBLY_CHARGED, "sandbox: paid, then the answer was lost");
    }
    return document;
  }

  @Override
  public Refetch refetch(String idempotencyKey) {
    IssuedDocument document = paid.get(idempotencyKey);
    if (document == null) {
      return Refetch.notCharged();
    }
    Instant charged = paidAt.get(idempotencyKey);
    if (clock.instant().isAfter(charged.plus(refetchWindow))) {
      return Refetch.unknowable(
          "sandbox: the window to fetch a charged document again (" + refetchWindow + ") passed");
    }
    return Refetch.found(document);
  }

  /** How many times this key was charged: 0 or 1, never more. */
  public int payments(String idempotencyKey) {
    AtomicInteger count = payments.get(idempotencyKey);
    return count == null ? 0 : count.get();
  }

  /** Calls to {@link #issue}, paid or not. */
  public int issueCalls() {
    return issueCalls.get();
  }

  /** Charges once per key: a concurrent second charge for the same key is refused. */
  private IssuedDocument pay(String key, IssuedDocument document) {
    // The charge's time first, so a refetch that sees the document also sees when it was charged.
    paidAt.putIfAbsent(key, clock.instant());
    if (paid.putIfAbsent(key, document) != null) {
      throw new IssuerException(
          IssuerFault.DUPLICATE_PAYMENT, "already paid for idempotency key " + key);
    }
    payments.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    return document;
  }

  /**
   * The how-manieth certificate of this register this one is (1 for the first), in this process:
   * with {@code [register:…,changes=N]} the register changes between issuances.
   */
  private int nextIssuance(IssueRequest request) {
    String register =
        request.address() + "|" + request.dong() + "|" + request.ho() + "|" + request.label();
    return issuedPerRegister.computeIfAbsent(register, k -> new AtomicInteger()).incrementAndGet();
  }

  private static String receipt(String key) {
    return "SBX-" + Integer.toUnsignedString(key.hashCode(), 36).toUpperCase();
  }

  /** The kind of PDF the markers ask for: a scan, glyphs placed one by one, shapes, or text. */
  static RegistryPdf.Format format(java.util.Collection<SandboxFault> faults) {
    if (faults.contains(SandboxFault.SCANNED)) {
      return RegistryPdf.Format.SCANNED;
    }
    if (faults.contains(SandboxFault.SHAPES)) {
      return RegistryPdf.Format.SHAPES;
    }
    return faults.contains(SandboxFault.GLYPHS)
        ? RegistryPdf.Format.GLYPHS
        : RegistryPdf.Format.TEXT_LAYER;
  }
}
