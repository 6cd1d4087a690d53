package dev.dungji.adapter.registry.sandbox;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The content of a sandbox certificate, with what a correct parse of it must find (its truth).
 *
 * <p>Laid out as the court's 등기사항전부증명서 prints it: a heading per page ({@code [집합건물] 주소}), the 표제부,
 * 갑구 and 을구 as table rows whose cells wrap onto following lines (접수 number and 등기원인 under the
 * dates, holders' addresses under their names), cancelled entries struck through in red, page
 * footers, and — on most — the "주요 등기사항 요약" pages at the end. The same spec always gives the same
 * certificate.
 */
public final class SandboxRegister {
  /** What the register holds. */
  public enum Profile {
    CLEAN,
    MORTGAGED,
    SEIZED,
    TRUST,
    AUCTION,
    LEASE_ORDER,
    LONG_HISTORY
  }

  /** Which register. */
  public enum Kind {
    COLLECTIVE,
    BUILDING,
    LAND
  }

  /**
   * @param seed every random choice
   * @param noLandRight a 집합건물 without 대지권의 표시 (대지권 미등기)
   * @param changes how many changes the register goes through between issuances ({@code
   *     changes=N}): the k-th issuance shows the first min(k - 1, N) of them (see {@link
   *     #generate(Spec, int)})
   */
  public record Spec(
      String address,
      String unit,
      Profile profile,
      Kind kind,
      long seed,
      boolean noLandRight,
      int changes) {
    public Spec(
        String address, String unit, Profile profile, Kind kind, long seed, boolean noLandRight) {
      this(address, unit, profile, kind, seed, noLandRight, 0);
    }
  }

  /**
   * What happens to a register between issuances, in this order (then again from the first): a new
   * 근저당권, a 압류 by the tax office, the property sold to someone else.
   */
  public enum Change {
    NEW_MORTGAGE,
    SEIZURE,
    OWNERSHIP_TRANSFER
  }

  /** A printed line; struck ones get a red line through them. */
  public record Row(String text, boolean struck) {}

  /**
   * What a correct parse finds.
   *
   * @param gapInForce 갑구 ranks of burdens in force (압류, 가압류, 경매, 신탁 …)
   * @param eulInForce 을구 ranks in force
   * @param flags kinds in force, by the parser's {@code RightKind} names, plus CO_OWNERSHIP and
   *     NO_LAND_RIGHT
   */
  public record Truth(
      String kind,
      List<String> owners,
      List<String> gapInForce,
      List<String> eulInForce,
      long maxClaimInForce,
      long depositsInForce,
      Set<String> flags,
      String exclusiveArea) {}

  public record Generated(List<List<Row>> pages, Truth truth) {}

  private static final Pattern MARKER = Pattern.compile("\\[register:([a-z0-9=_,\\- ]+)]");
  static final int LINES_PER_PAGE = 46;

  /**
   * The spec of a request: markers in the label ({@code [register:seized,land,seed=7]}) choose;
   * what they leave open is drawn from the address, so a property keeps its history.
   */
  public static Spec spec(String address, String unit, String label) {
    long seed = address.hashCode();
    Profile profile = null;
    Kind kind = Kind.COLLECTIVE;
    boolean noLandRight = false;
    int changes = 0;
    if (label != null) {
      Matcher m = MARKER.matcher(label);
      while (m.find()) {
        for (String word : m.group(1).split(",")) {
          String w = word.strip().toUpperCase(Locale.ROOT).replace('-', '_');
          if (w.startsWith("SEED=")) {
            seed = Long.parseLong(w.substring(5));
          } else if (w.startsWith("CHANGES=")) {
            changes = Integer.parseInt(w.substring(8));
          } else if (w.equals("BUILDING") || w.equals("LAND") || w.equals("COLLECTIVE")) {
            kind = Kind.valueOf(w);
          } else if (w.equals("NO_LAND_RIGHT")) {
            noLandRight = true;
          } else if (!w.isEmpty()) {
            profile = Profile.valueOf(w);
          }
        }
      }
    }
    if (profile == null) {
      profile = Profile.values()[Math.floorMod(seed, Profile.values().length)];
    }
    return new Spec(address, unit, profile, kind, seed, noLandRight, changes);
  }

  private static final String[] PEOPLE = {
    "김민준", "이서연", "박지훈", "최수아", "정예준", "강하은", "조도윤", "윤지우", "장서준", "임하린", "한지호", "오채원"
  };
  private static final String[] BANKS = {
    "주식회사 국민은행", "주식회사 신한은행", "주식회사 우리은행", "농협은행 주식회사", "주식회사 하나은행"
  };
  private static final String[] LENDERS = {"주식회사 나래캐피탈", "한빛대부 주식회사", "주식회사 다온저축은행"};
  private static final String[] COURTS = {"서울중앙지방법원", "서울서부지방법원", "수원지방법원", "인천지방법원"};
  private static final String[] STREETS = {
    "서울특별시 마포구 월드컵로 7",
    "서울특별시 강남구 테헤란로 5",
    "경기도 성남시 분당구 판교역로 10",
    "서울특별시 송파구 올림픽로 300",
    "인천광역시 연수구 컨벤시아대로 20"
  };

  private final Spec spec;
  private final Random random;
  private final List<Entry> gap = new ArrayList<>();
  private final List<Entry> eul = new ArrayList<>();
  private LocalDay day;

  private final int applied;

  private SandboxRegister(Spec spec, int issuance) {
    this.spec = spec;
    this.applied = Math.max(0, Math.min(issuance - 1, spec.changes()));
    this.random = new Random(spec.seed() * 31 + spec.profile().ordinal());
  }

  /** The register as its first issuance shows it. */
  public static Generated generate(Spec spec) {
    return generate(spec, 1);
  }

  /**
   * The register as its {@code issuance}-th issuance (1 for the first) shows it: the same history,
   * with the first min(issuance - 1, {@code spec.changes()}) {@link Change}s registered after it.
   * The draws of the changes come after the history's, so the history is the same at every step.
   */
  public static Generated generate(Spec spec, int issuance) {
    return new SandboxRegister(spec, issuance).build();
  }

  /** The change the k-th step (1 for the first) registers. */
  public static Change change(int step) {
    return Change.values()[(step - 1) % Change.values().length];
  }

  /** One entry as the generator keeps it. */
  private static final class Entry {
    final String rank;
    final String purpose;
    final String kind; // the parser's RightKind name
    final List<String> rows = new ArrayList<>();
    boolean cancelled;
    // A trust whose trustee sold the property: ended by the transfer, not struck through.
    boolean superseded;
    List<String> holders = List.of();
    long maxClaim;
    long deposit;

    Entry(String rank, String purpose, String kind) {
      this.rank = rank;
      this.purpose = purpose;
      this.kind = kind;
    }
  }

  /** A date that only moves forward, as a register's receipts do. */
  private static final class LocalDay {
    int year;
    int month;
    int day;

    LocalDay(int year) {
      this.year = year;
      this.month = 1;
      this.day = 1;
    }

    String next(Random random, int maxMonths) {
      int months = 1 + random.nextInt(maxMonths);
      month += months;
      while (month > 12) {
        month -= 12;
        year++;
      }
      day = 1 + random.nextInt(28);
      return text();
    }

    String text() {
      return year + "년" + month + "월" + day + "일";
    }

    /** A few days before: the cause's date. */
    String before(int days) {
      int d = Math.max(1, day - days);
      return year + "년" + month + "월" + d + "일";
    }
  }

  private String person() {
    return PEOPLE[random.nextInt(PEOPLE.length)];
  }

  private String street() {
    return STREETS[random.nextInt(STREETS.length)];
  }

  private String receipt() {
    return "제" + (1000 + random.nextInt(150_000)) + "호";
  }

  private static String won(long amount) {
    return String.format(Locale.ROOT, "금%,d원", amount);
  }

  private static String resident() {
    return "******-*******";
  }

  /** An entry: the first row has rank, purpose, 접수 date, cause date, first right line. */
  private Entry entry(
      List<Entry> part, String purpose, String kind, String cause, List<String> right) {
    String rank = String.valueOf(part.stream().filter(e -> !e.rank.contains("-")).count() + 1);
    return add(part, rank, purpose, kind, cause, right);
  }

  private Entry add(
      List<Entry> part,
      String rank,
      String purpose,
      String kind,
      String cause,
      List<String> right) {
    Entry e = new Entry(rank, purpose, kind);
    String date = day.next(random, 14);
    String causeDate = cause == null ? "" : day.before(random.nextInt(5));
    String[] causeWords = cause == null ? new String[0] : cause.split("\\|");
    int rows = Math.max(2, Math.max(right.size(), causeWords.length + 1));
    for (int i = 0; i < rows; i++) {
      String first =
          i == 0
              ? rank + "  " + purpose + "  " + date + "  " + causeDate
              : "      " + (i == 1 ? receipt() : "");
      String causeCell = i >= 1 && i - 1 < causeWords.length ? "  " + causeWords[i - 1] : "";
      String rightCell = i < right.size() ? "  " + right.get(i) : "";
      String line = (first + causeCell + rightCell).stripTrailing();
      if (!line.isBlank()) {
        e.rows.add(line);
      }
    }
    part.add(e);
    return e;
  }

  private Entry ownership(String purpose, String cause, String owner, String extra) {
    boolean trust = cause.equals("신탁");
    List<String> right = new ArrayList<>();
    right.add((trust ? "수탁자  " : "소유자  ") + owner + "  " + (trust ? "110111-*******" : resident()));
    right.add(street());
    if (extra != null) {
      right.add(extra);
    }
    Entry e = entry(gap, purpose, trust ? "TRUST" : "OWNERSHIP_TRANSFER", cause, right);
    e.holders = List.of(owner);
    return e;
  }

  private Entry mortgage(String owner, long maxClaim) {
    String bank = BANKS[random.nextInt(BANKS.length)];
    Entry e =
        entry(
            eul,
            "근저당권설정",
            "MORTGAGE",
            "설정계약",
            List.of(
                "채권최고액  " + won(maxClaim),
                "채무자  " + owner,
                street(),
                "근저당권자  " + bank + "  110111-*******",
                street()));
    e.maxClaim = maxClaim;
    e.holders = List.of(bank);
    return e;
  }

  private void cancel(List<Entry> part, Entry target, String purposeTail, String cause) {
    target.cancelled = true;
    entry(part, target.rank + "번" + purposeTail + "등기말소", "CANCELLATION", cause, List.of());
    for (Entry e : part) {
      if (e.rank.startsWith(target.rank + "-")) {
        e.cancelled = true;
      }
    }
  }

  private long price() {
    return (3 + random.nextInt(10)) * 100_000_000L;
  }

  private Generated build() {
    int built = 1995 + random.nextInt(20);
    day = new LocalDay(built);
    String builder = "주식회사 " + new String[] {"한빛", "푸른", "다솜", "누리"}[random.nextInt(4)] + "건설";
    String owner = spec.kind() == Kind.COLLECTIVE ? builder : person();
    Entry preservation =
        add(
            gap,
            "1",
            "소유권보존",
            "OWNERSHIP_PRESERVATION",
            null,
            List.of("소유자  " + owner + "  110111-*******", street()));
    preservation.holders = List.of(owner);
    int transfers =
        spec.profile() == Profile.LONG_HISTORY ? 3 + random.nextInt(3) : 1 + random.nextInt(2);
    for (int i = 0; i < transfers; i++) {
      owner = person();
      ownership("소유권이전", "매매", owner, "거래가액  " + won(price()));
    }
    long price = price();
    switch (spec.profile()) {
      case CLEAN -> {
        if (random.nextBoolean()) {
          Entry old = mortgage(owner, price / 3);
          cancel(eul, old, "근저당권설정", "해지");
        }
      }
      case MORTGAGED -> {
        int n = 2 + random.nextInt(2);
        for (int i = 0; i < n; i++) {
          mortgage(owner, (price * (3 + random.nextInt(4)) / 10) / 1_000_000 * 1_000_000);
        }
      }
      case SEIZED -> {
        mortgage(owner, price / 2);
        Entry s =
            entry(
                gap,
                "압류",
                "SEIZURE",
                "압류(세무과-" + (1000 + random.nextInt(9000)) + ")",
                List.of("권리자  국", "처분청  마포세무서"));
        s.holders = List.of("국");
        String court = COURTS[random.nextInt(COURTS.length)];
        entry(
            gap,
            "가압류",
            "PROVISIONAL_SEIZURE",
            court + "의|가압류결정(" + day.year + "카단" + (1000 + random.nextInt(9000)) + ")",
            List.of(
                "청구금액  " + won((1 + random.nextInt(9)) * 10_000_000L),
                "채권자  " + LENDERS[random.nextInt(LENDERS.length)] + "  110111-*******",
                street()));
      }
      case TRUST -> {
        String trustee = "주식회사 한국토지신탁";
        ownership(
            "소유권이전", "신탁", trustee, "신탁원부  제" + day.year + "-" + (100 + random.nextInt(900)) + "호");
        owner = trustee;
      }
      case AUCTION -> {
        Entry m = mortgage(owner, price * 6 / 10);
        String bank = m.holders.get(0);
        String court = COURTS[random.nextInt(COURTS.length)];
        entry(
            gap,
            "임의경매개시결정",
            "AUCTION",
            court + "의|임의경매개시결정(" + day.year + "타경" + (1000 + random.nextInt(9000)) + ")",
            List.of("채권자  " + bank + "  110111-*******", street()));
      }
      case LEASE_ORDER -> {
        mortgage(owner, price * 4 / 10 / 1_000_000 * 1_000_000);
        String court = COURTS[random.nextInt(COURTS.length)];
        long deposit = (2 + random.nextInt(4)) * 100_000_000L;
        String tenant = person();
        Entry lease =
            entry(
                eul,
                "주택임차권",
                "LEASE",
                court + "의|임차권등기명령(" + day.year + "카임" + (100 + random.nextInt(900)) + ")",
                List.of(
                    "임차보증금  " + won(deposit),
                    "범  위  주거용 건물 전부",
                    "임대차계약일자  " + day.before(200),
                    "주민등록일자  " + day.before(190),
                    "점유개시일자  " + day.before(190),
                    "확정일자  " + day.before(189),
                    "임차권자  " + tenant + "  " + resident(),
                    street()));
        lease.deposit = deposit;
        lease.holders = List.of(tenant);
      }
      case LONG_HISTORY -> {
        Entry first = mortgage(owner, price / 4);
        Entry change =
            add(
                eul,
                first.rank + "-1",
                first.rank + "번근저당권변경",
                "AMENDMENT",
                "변경계약",
                List.of("채권최고액  " + won(price / 3)));
        first.maxClaim = price / 3;
        String court = COURTS[random.nextInt(COURTS.length)];
        Entry seizure =
            entry(
                gap,
                "가압류",
                "PROVISIONAL_SEIZURE",
                court + "의|가압류결정(" + day.year + "카단" + (1000 + random.nextInt(9000)) + ")",
                List.of(
                    "청구금액  " + won((1 + random.nextInt(9)) * 10_000_000L),
                    "채권자  " + LENDERS[random.nextInt(LENDERS.length)],
                    street()));
        cancel(gap, seizure, "가압류", "해제");
        cancel(eul, first, "근저당권설정", "해지");
        Entry second = mortgage(owner, price / 5);
        Entry jeonse =
            entry(
                eul,
                "전세권설정",
                "JEONSE",
                "설정계약",
                List.of(
                    "전세금  " + won(price / 2),
                    "범  위  주거용 건물의 전부",
                    "존속기간  2년",
                    "전세권자  " + person() + "  " + resident(),
                    street()));
        jeonse.deposit = price / 2;
        cancel(eul, jeonse, "전세권설정", "해지");
        cancel(eul, second, "근저당권설정", "해지");
        owner = person();
        ownership("소유권이전", "매매", owner, "거래가액  " + won(price));
        mortgage(owner, price * 3 / 10 / 1_000_000 * 1_000_000);
      }
    }
    for (int step = 1; step <= applied; step++) {
      owner = applyChange(change(step), owner, price);
    }
    return new Generated(paginate(owner), truth(owner));
  }

  /** Registers one change after the history; answers the owner afterwards. */
  private String applyChange(Change change, String owner, long price) {
    switch (change) {
      case NEW_MORTGAGE -> mortgage(owner, price / 5 / 1_000_000 * 1_000_000);
      case SEIZURE -> {
        Entry s =
            entry(
                gap,
                "압류",
                "SEIZURE",
                "압류(징수과-" + (1000 + random.nextInt(9000)) + ")",
                List.of("권리자  국", "처분청  마포세무서"));
        s.holders = List.of("국");
      }
      case OWNERSHIP_TRANSFER -> {
        String buyer = owner;
        while (buyer.equals(owner)) {
          buyer = person();
        }
        // Sold by a trustee, the trust ends with the transfer (신탁재산의 처분).
        gap.stream().filter(e -> e.kind.equals("TRUST")).forEach(e -> e.superseded = true);
        ownership("소유권이전", "매매", buyer, "거래가액  " + won(price));
        return buyer;
      }
    }
    return owner;
  }

  private Truth truth(String owner) {
    List<String> gapInForce = new ArrayList<>();
    List<String> eulInForce = new ArrayList<>();
    Set<String> flags = new LinkedHashSet<>();
    long maxClaim = 0;
    long deposits = 0;
    for (Entry e : gap) {
      // A trust is ownership (the trustee owns) and a burden both: in force, and flagged.
      if (!e.cancelled
          && !e.superseded
          && !e.kind.startsWith("OWNERSHIP")
          && !e.kind.equals("CANCELLATION")) {
        gapInForce.add(e.rank);
        flags.add(e.kind);
      }
    }
    for (Entry e : eul) {
      if (!e.cancelled && !e.kind.equals("CANCELLATION") && !e.kind.equals("AMENDMENT")) {
        eulInForce.add(e.rank);
        flags.add(e.kind);
        maxClaim += e.maxClaim;
        deposits += e.deposit;
      }
    }
    if (spec.kind() == Kind.COLLECTIVE && spec.noLandRight()) {
      flags.add("NO_LAND_RIGHT");
    }
    return new Truth(
        spec.kind().name(),
        List.of(owner),
        gapInForce,
        eulInForce,
        maxClaim,
        deposits,
        flags,
        area());
  }

  private String area() {
    Random r = new Random(spec.seed());
    return (59 + r.nextInt(60)) + "." + (10 + r.nextInt(90));
  }

  private String heading() {
    String label =
        switch (spec.kind()) {
          case COLLECTIVE -> "[집합건물] ";
          case BUILDING -> "[건물] ";
          case LAND -> "[토지] ";
        };
    String unit = spec.kind() == Kind.COLLECTIVE && spec.unit() != null ? " " + spec.unit() : "";
    return label + spec.address() + unit;
  }

  private List<List<Row>> paginate(String owner) {
    String kindWord =
        switch (spec.kind()) {
          case COLLECTIVE -> "집합건물";
          case BUILDING -> "건물";
          case LAND -> "토지";
        };
    Random r = new Random(spec.seed());
    String number =
        String.format(
            Locale.ROOT,
            "%04d-%04d-%06d",
            1100 + r.nextInt(100),
            1995 + r.nextInt(25),
            r.nextInt(1_000_000));
    List<Row> body = new ArrayList<>();
    body.add(new Row("등기사항전부증명서(말소사항 포함) - " + kindWord, false));
    body.add(new Row("고유번호 " + number, false));
    String area = area();
    String built = gap.get(0).rows.get(0).split("  ")[2];
    switch (spec.kind()) {
      case COLLECTIVE -> {
        body.add(new Row("【 표 제 부 】 ( 1동의 건물의 표시 )", false));
        body.add(new Row("표시번호  접 수  소재지번,건물명칭 및 번호  건 물 내 역  등기원인 및 기타사항", false));
        body.add(new Row("1  " + built + "  " + spec.address() + "  철근콘크리트구조", false));
        body.add(new Row("      철근콘크리트지붕 15층 공동주택", false));
        body.add(new Row("      1층 " + (400 + r.nextInt(400)) + ".25㎡", false));
        if (!spec.noLandRight()) {
          body.add(new Row("( 대지권의 목적인 토지의 표시 )", false));
          body.add(new Row("표시번호  소 재 지 번  지 목  면 적  등기원인 및 기타사항", false));
          body.add(
              new Row(
                  "1  1. " + spec.address() + "  대  " + (5000 + r.nextInt(20000)) + ".5㎡  " + built,
                  false));
        }
        body.add(new Row("【 표 제 부 】 ( 전유부분의 건물의 표시 )", false));
        body.add(new Row("표시번호  접 수  건 물 번 호  건 물 내 역  등기원인 및 기타사항", false));
        String unit = spec.unit() == null || spec.unit().isBlank() ? "제1층 제101호" : spec.unit();
        body.add(new Row("1  " + built + "  " + unit + "  철근콘크리트구조", false));
        body.add(new Row("      " + area + "㎡", false));
        if (!spec.noLandRight()) {
          body.add(new Row("( 대지권의 표시 )", false));
          body.add(new Row("표시번호  대지권종류  대지권비율  등기원인 및 기타사항", false));
          body.add(
              new Row(
                  "1  1 소유권대지권  "
                      + (5000 + r.nextInt(20000))
                      + ".5분의 "
                      + (20 + r.nextInt(60))
                      + ".123  "
                      + built
                      + " 대지권",
                  false));
        }
      }
      case BUILDING -> {
        body.add(new Row("【 표 제 부 】 ( 건물의 표시 )", false));
        body.add(new Row("표시번호  접 수  소재지번 및 건물번호  건 물 내 역  등기원인 및 기타사항", false));
        body.add(new Row("1  " + built + "  " + spec.address() + "  벽돌조 슬래브지붕 2층 단독주택", false));
        body.add(new Row("      1층 " + area + "㎡", false));
        body.add(new Row("      2층 " + (30 + r.nextInt(40)) + ".5㎡", false));
      }
      case LAND -> {
        body.add(new Row("【 표 제 부 】 ( 토지의 표시 )", false));
        body.add(new Row("표시번호  접 수  소 재 지 번  지 목  면 적  등기원인 및 기타사항", false));
        body.add(new Row("1  " + built + "  " + spec.address() + "  대  " + area + "㎡", false));
      }
    }
    body.add(new Row("【 갑 구 】 ( 소유권에 관한 사항 )", false));
    body.add(new Row("순위번호  등 기 목 적  접 수  등 기 원 인  권리자 및 기타사항", false));
    for (Entry e : gap) {
      e.rows.forEach(t -> body.add(new Row(t, e.cancelled)));
    }
    if (!eul.isEmpty()) {
      body.add(new Row("【 을 구 】 ( 소유권 이외의 권리에 관한 사항 )", false));
      body.add(new Row("순위번호  등 기 목 적  접 수  등 기 원 인  권리자 및 기타사항", false));
      for (Entry e : eul) {
        e.rows.forEach(t -> body.add(new Row(t, e.cancelled)));
      }
    }
    body.add(new Row("-- 이 하 여 백 --", false));
    body.add(new Row("관할등기소 서울중앙지방법원 등기국", false));
    body.add(new Row("* 본 증명서는 열람용으로 법적인 효력이 없습니다.", false));
    List<List<Row>> pages = split(body);
    if (Math.floorMod(spec.seed(), 4) != 3) {
      pages.addAll(split(summary(number, owner)));
    }
    // Every page opens with the heading and closes with the footer, as printed.
    int total = pages.size();
    List<List<Row>> out = new ArrayList<>();
    for (int i = 0; i < total; i++) {
      List<Row> page = new ArrayList<>();
      page.add(new Row(heading(), false));
      page.addAll(pages.get(i));
      page.add(new Row("열람일시 : 2026년11월30일 10시12분33초  " + (i + 1) + "/" + total, false));
      out.add(page);
    }
    return out;
  }

  private List<Row> summary(String number, String owner) {
    List<Row> rows = new ArrayList<>();
    rows.add(new Row("주요 등기사항 요약 (참고용)", false));
    rows.add(new Row("[ 주 의 사 항 ]", false));
    rows.add(new Row("본 주요 등기사항 요약은 증명서상에 말소되지 않은 사항을 간략히 요약한 것으로", false));
    rows.add(new Row("증명서로서의 기능을 제공하지 않습니다.", false));
    rows.add(new Row("고유번호 " + number, false));
    rows.add(new Row("1. 소유지분현황 ( 갑구 )", false));
    rows.add(new Row("등기명의인  (주민)등록번호  최종지분  주 소  순위번호", false));
    String ownerRank = "1";
    for (Entry e : gap) {
      if (e.kind.startsWith("OWNERSHIP") || e.kind.equals("TRUST")) {
        ownerRank = e.rank;
      }
    }
    rows.add(
        new Row(owner + " (소유자)  " + resident() + "  단독소유  " + street() + "  " + ownerRank, false));
    rows.add(new Row("2. 소유지분을 제외한 소유권에 관한 사항 ( 갑구 )", false));
    rows.add(new Row("순위번호  등기목적  접수정보  주요등기사항  대상소유자", false));
    summaryRows(rows, gap, owner, false);
    rows.add(new Row("3. (근)저당권 및 전세권 등 ( 을구 )", false));
    rows.add(new Row("순위번호  등기목적  접수정보  주요등기사항  대상소유자", false));
    summaryRows(rows, eul, owner, true);
    rows.add(new Row("[ 참 고 사 항 ]", false));
    rows.add(new Row("가. 등기기록에서 유효한 지분을 가진 소유자 혹은 공유자 현황을 가나다 순으로 표시합니다.", false));
    return rows;
  }

  private static void summaryRows(List<Row> rows, List<Entry> part, String owner, boolean eul) {
    boolean any = false;
    for (Entry e : part) {
      boolean burden =
          !e.cancelled
              && !e.superseded
              && !e.kind.startsWith("OWNERSHIP")
              && !e.kind.equals("CANCELLATION")
              && !e.kind.equals("AMENDMENT");
      if (burden) {
        any = true;
        String info = e.rows.get(0).split("  ")[2];
        String amount =
            e.maxClaim > 0
                ? "채권최고액 " + won(e.maxClaim)
                : e.deposit > 0 ? "임차보증금 " + won(e.deposit) : "";
        rows.add(
            new Row(e.rank + "  " + e.purpose + "  " + info + "  " + amount + "  " + owner, false));
      }
    }
    if (!any) {
      rows.add(new Row("- 기록사항 없음", false));
    }
  }

  private static List<List<Row>> split(List<Row> rows) {
    List<List<Row>> pages = new ArrayList<>();
    for (int i = 0; i < rows.size(); i += LINES_PER_PAGE) {
      pages.add(new ArrayList<>(rows.subList(i, Math.min(rows.size(), i + LINES_PER_PAGE))));
    }
    return pages;
  }
}
