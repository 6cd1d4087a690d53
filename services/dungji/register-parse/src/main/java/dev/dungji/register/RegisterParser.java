package dev.dungji.register;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a registry certificate's text (등기사항전부증명서, as the text layer or OCR gives it) into a {@link
 * ParsedRegister}.
 *
 * <p>How it reads: the certificate is a table per part (표제부, 갑구, 을구) printed row by row; text
 * extraction and OCR give each row as one or more lines, the first starting with the 순위번호 and the
 * 등기목적, the others carrying the wrapped cells (접수 number, 등기원인, holders, addresses), sometimes
 * across a page break with the page's heading in between. So an entry starts at a line "number +
 * known purpose" and takes every following line until the next such line or section heading;
 * headings and page furniture are recognised with their spaces removed, which is how OCR's "【 갑 구
 * 】" and "순 위 번 호" are read. Fields come from the entry's joined text by their labels (채권최고액, 소유자
 * …), digits repaired where only digits can stand.
 */
public final class RegisterParser {
  private static final double TEXT_LAYER = 1.0;
  private static final double OCR = 0.9;

  private enum Part {
    NONE,
    TITLE_BUILDING,
    TITLE_LAND_OF_RIGHT,
    TITLE_UNIT,
    TITLE_LAND_RIGHT,
    GAP,
    EUL,
    SUMMARY_OWNERS,
    SUMMARY_GAP,
    SUMMARY_EUL,
    END
  }

  private static final Pattern KIND = Pattern.compile("등기사항(?:전부|일부)증명서.*?-\\s*(집합건물|건물|토지)");
  private static final Pattern UNIQUE = Pattern.compile("고유번호\\s*[:：]?\\s*(\\d{4}-\\d{4}-\\d{6})");
  private static final Pattern HEADING_ADDRESS =
      Pattern.compile("^\\s*\\[\\s*(집합건물|건물|토지)\\s*]\\s*(.+?)\\s*(?:고유번호.*)?$");
  private static final Pattern ENTRY_START =
      Pattern.compile(
          "^\\s*(\\d{1,3}(?:\\s*-\\s*\\d{1,3})?)\\s*(?:\\(\\s*전\\s*[\\d-]+\\s*\\))?\\s*(.*)$");
  private static final Pattern CANCELLING =
      Pattern.compile("^((?:\\d{1,3}(?:-\\d{1,3})?번[,·.]?)+)(.*?)(?:등기)?말소");
  private static final Pattern REFERENCE = Pattern.compile("^((?:\\d{1,3}(?:-\\d{1,3})?번[,·.]?)+)");
  private static final Pattern RANK_IN = Pattern.compile("(\\d{1,3}(?:-\\d{1,3})?)번");
  private static final String[] PURPOSES = {
    "소유권이전청구권가등기",
    "소유권이전담보가등기",
    "소유권이전청구권가처분",
    "소유권일부이전",
    "소유권보존",
    "소유권이전",
    "공유자전원지분전부이전",
    "근저당권설정",
    "저당권설정",
    "전세권설정",
    "주택임차권",
    "상가건물임차권",
    "임차권설정",
    "임의경매개시결정",
    "강제경매개시결정",
    "가압류",
    "압류",
    "가처분",
    "가등기",
    "신탁",
    "지상권설정",
    "지역권설정",
    "등기명의인표시변경",
    "등기명의인표시경정",
    "근저당권변경",
    "근저당권이전",
    "전세권변경",
    "전세권이전",
    "질권",
    "환매특약",
    "예고등기",
    "금지사항등기",
    "처분금지가처분"
  };
  // A date as the register writes it; digits may come out of OCR as look-alikes.
  private static final String D = "[0-9OoIl|]";
  private static final Pattern DATE =
      Pattern.compile("(" + D + "{4})\\s*년\\s*(" + D + "{1,2})\\s*월\\s*(" + D + "{1,2})\\s*일");
  private static final Pattern RECEIPT_NO =
      Pattern.compile("(?<!원부\\s?)제\\s*([0-9OoIl|,]{1,7})\\s*호");
  private static final Pattern AMOUNT =
      Pattern.compile(
          "(채권최고액|전세금|임차보증금|청구금액|보증금|차임|거래가액)\\s*[:：]?\\s*금\\s*([0-9OoIlDSBZ|,.\\s]{1,30}?)\\s*원");
  private static final Pattern HOLDER =
      Pattern.compile("(근저당권자|저당권자|전세권자|임차권자|가등기권자|채권자|권리자|수탁자|소유자|공유자|지상권자)\\s*[:：]?\\s*");
  private static final Pattern DEBTOR = Pattern.compile("채무자\\s*[:：]?\\s*");
  private static final Pattern RESIDENT = Pattern.compile("^[0-9*]{6}\\s*-\\s*[0-9*]{7}");
  private static final Pattern SHARE = Pattern.compile("^지분\\s*([\\d.]+\\s*분의\\s*[\\d.]+)\\s*");
  private static final Pattern CAUSE_WORDS =
      Pattern.compile(
          "(?:[가-힣]*법원[가-힣\\s]*의\\s*)?(?:임차권등기명령|가압류결정|가처분결정|임의경매개시결정|강제경매개시결정|"
              + "신탁재산의귀속|신탁재산의\\s*귀속|확정채권양도|계약양도|설정계약|변경계약|매매예약|매매|증여|상속|"
              + "협의분할에\\s*의한\\s*상속|판결|해지|해제|취하|신탁|압류|공매|임의경매로\\s*인한\\s*매각|"
              + "강제경매로\\s*인한\\s*매각|일부포기|전거|교환|수용)(?:\\s*\\([^)]{1,30}\\))?");
  private static final Pattern COURT = Pattern.compile("([가-힣]{2,20}법원(?:\\s*[가-힣]{1,6}지원)?)\\s*의");
  private static final Pattern AREA =
      Pattern.compile("([0-9OoIl|]{1,6}(?:\\s*[.,]\\s*[0-9OoIl|]{1,4})?)\\s*(?:㎡|m2|m²|M2|㎥|평방미터)");
  private static final Pattern DECIMAL =
      Pattern.compile("(?<![\\d.,])(\\d{1,5}\\.\\d{1,4})(?![\\d.,]|\\s*분)");
  private static final Pattern RATIO =
      Pattern.compile("([\\d.,]{1,14})\\s*분\\s*의\\s*([\\d.,]{1,14})");
  private static final Pattern STRUCTURE =
      Pattern.compile("([가-힣()]{2,20}?(?:구조|조))(?=\\s|$|[0-9(])");
  // The first word of an address: where a holder's name ends.
  private static final Pattern ADDRESS_END =
      Pattern.compile(
          "^(?:[가-힣]{1,6}(?:특별시|광역시|특별자치시|특별자치도)|경기도|강원도|충청[남북]도|전라[남북]도|경상[남북]도|제주도|"
              + "서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충북|충남|전북|전남|경북|경남|제주)$");
  private static final Set<String> STOP_WORDS =
      Set.of(
          "거래가액", "채무자", "매매목록", "신탁원부", "공동담보", "공동담보목록", "존속기간", "범위", "반환기", "목적", "설정범위",
          "임차보증금", "전세금", "채권최고액", "청구금액", "차임", "지분", "금지사항", "피보전권리", "등기원인", "이전", "점유개시일자",
          "주민등록일자", "확정일자", "임대차계약일자");

  private RegisterParser() {}

  /** Parses plain text: pages separated by form feeds (as the OCR task stores them). */
  public static ParsedRegister parse(String text, boolean ocr) throws NotARegisterException {
    List<Line> lines = new ArrayList<>();
    String[] pages = text.split("\f");
    for (int p = 0; p < pages.length; p++) {
      for (String line : pages[p].split("\\R")) {
        lines.add(new Line(line, p + 1, ocr, null));
      }
    }
    return parse(lines);
  }

  /** Parses lines read from a certificate, in reading order. */
  public static ParsedRegister parse(List<Line> lines) throws NotARegisterException {
    return new Run(lines).parse();
  }

  /** The rows of an entry before their fields are read. */
  private static final class Raw {
    final Section section;
    final String rank;
    final String purpose;
    final StringBuilder body = new StringBuilder();
    final StringBuilder text = new StringBuilder();
    final int page;
    final boolean ocr;
    final Boolean struck;
    // The purpose was read one jamo off its spelling (OCR).
    boolean misread;
    // The rank was read without its hyphen and restored from the 부기's purpose.
    boolean rankRepaired;

    Raw(Section section, String rank, String purpose, Line first, String rest) {
      this.section = section;
      this.rank = rank;
      this.purpose = purpose;
      this.page = first.page();
      this.ocr = first.ocr();
      this.struck = first.struck();
      body.append(rest);
      text.append(first.text().strip());
    }

    void add(Line line) {
      body.append(' ').append(line.text().strip());
      text.append('\n').append(line.text().strip());
    }
  }

  static final class Run {
    final List<Line> lines;
    final List<Warning> warnings = new ArrayList<>();
    RegisterKind kind = RegisterKind.UNKNOWN;
    String unique;
    String headingAddress;
    boolean ocrAnywhere;
    final StringBuilder building = new StringBuilder();
    final StringBuilder unit = new StringBuilder();
    final StringBuilder landRight = new StringBuilder();
    boolean sawLandRight;
    boolean sawGap;
    boolean sawSummary;
    final List<Raw> raws = new ArrayList<>();
    final List<String> summaryOwners = new ArrayList<>();
    final Set<String> summaryGap = new LinkedHashSet<>();
    final Set<String> summaryEul = new LinkedHashSet<>();

    Run(List<Line> lines) {
      this.lines = lines;
    }

    ParsedRegister parse() throws NotARegisterException {
      segment();
      if (!sawGap && raws.isEmpty()) {
        throw new NotARegisterException(
            "등기사항증명서가 아닙니다: 갑구를 찾을 수 없습니다 (not a registry certificate: no 갑구 found)");
      }
      List<Entry> gap = new ArrayList<>();
      List<Entry> eul = new ArrayList<>();
      for (Raw raw : raws) {
        (raw.section == Section.GAP ? gap : eul).add(read(raw));
      }
      checkRanks(gap, Section.GAP);
      checkRanks(eul, Section.EUL);
      resolve(gap);
      resolve(eul);
      List<String> owners = owners(gap);
      checkOwnerSpelling(owners, gap, eul);
      TitlePart title = title();
      SummaryCheck summary = crossCheck(gap, eul, owners);
      double confidence = confidence(gap, eul, title);
      return new ParsedRegister(
          kind,
          unique,
          title,
          List.copyOf(gap),
          List.copyOf(eul),
          owners,
          summary,
          List.copyOf(warnings),
          confidence);
    }

    // ---- segmentation: which part each line belongs to, and where entries start ----

    void segment() {
      Part part = Part.NONE;
      Raw current = null;
      for (Line line : lines) {
        ocrAnywhere |= line.ocr();
        String raw = line.text().replace('［', '[').replace('］', ']');
        String compact = compact(raw);
        if (compact.isEmpty()) {
          continue;
        }
        if (kind == RegisterKind.UNKNOWN) {
          Matcher k = KIND.matcher(compact);
          if (k.find()) {
            kind = kindOf(k.group(1));
          }
        }
        Matcher u = UNIQUE.matcher(raw);
        if (unique == null && u.find()) {
          unique = u.group(1);
        }
        Matcher heading = HEADING_ADDRESS.matcher(raw);
        if (heading.matches()) {
          // The heading is repeated at the top of every page: the first one is the address.
          if (headingAddress == null) {
            headingAddress = heading.group(2).replaceAll("\\s+", " ").strip();
            if (kind == RegisterKind.UNKNOWN) {
              kind = kindOf(heading.group(1));
            }
          }
          continue;
        }
        Part next = heading(compact, part);
        if (next != null) {
          if (next != part) {
            current = null;
          }
          part = next;
          continue;
        }
        if (furniture(compact)) {
          continue;
        }
        switch (part) {
          case TITLE_BUILDING -> building.append(' ').append(raw.strip());
          case TITLE_UNIT -> unit.append(' ').append(raw.strip());
          case TITLE_LAND_RIGHT -> landRight.append(' ').append(raw.strip());
          case GAP, EUL -> {
            Raw started = start(line, raw, part == Part.GAP ? Section.GAP : Section.EUL);
            if (started != null) {
              raws.add(started);
              current = started;
            } else if (current != null) {
              current.add(line);
            } else {
              warnings.add(
                  Warning.uncertain(
                      part == Part.GAP ? Section.GAP : Section.EUL,
                      null,
                      "text",
                      "어느 등기에 속하는지 알 수 없는 줄을 건너뜀 (a line outside any entry was skipped): "
                          + raw.strip()));
            }
          }
          case SUMMARY_OWNERS -> summaryOwner(raw);
          case SUMMARY_GAP, SUMMARY_EUL -> {
            Matcher m = ENTRY_START.matcher(raw);
            if (m.matches() && purposeOf(compact(m.group(2))) != null) {
              (part == Part.SUMMARY_GAP ? summaryGap : summaryEul)
                  .add(m.group(1).replaceAll("\\s", ""));
            }
          }
          default -> {}
        }
      }
    }

    static RegisterKind kindOf(String word) {
      return switch (word) {
        case "집합건물" -> RegisterKind.COLLECTIVE_BUILDING;
        case "건물" -> RegisterKind.BUILDING;
        case "토지" -> RegisterKind.LAND;
        default -> RegisterKind.UNKNOWN;
      };
    }

    /** The part a heading line opens, or null when the line is not a heading. */
    Part heading(String c, Part part) {
      if (c.contains("주요등기사항요약")) {
        sawSummary = true;
        return Part.END;
      }
      if (sawSummary) {
        if (c.contains("소유지분현황")) {
          return Part.SUMMARY_OWNERS;
        }
        if (c.contains("소유지분을제외한")) {
          return Part.SUMMARY_GAP;
        }
        if (c.contains("저당권및전세권")) {
          return Part.SUMMARY_EUL;
        }
        return null;
      }
      String bare = c.replaceAll("[【】\\[\\]()（）「」『』|]", "");
      if (bare.startsWith("표제부") || starts(bare, "표제부")) {
        if (bare.contains("전유부분")) {
          return Part.TITLE_UNIT;
        }
        return Part.TITLE_BUILDING;
      }
      if (bare.startsWith("대지권의목적인토지의표시")) {
        return Part.TITLE_LAND_OF_RIGHT;
      }
      if (bare.startsWith("대지권의표시")) {
        sawLandRight = true;
        return Part.TITLE_LAND_RIGHT;
      }
      if (bare.startsWith("전유부분의건물의표시")) {
        return Part.TITLE_UNIT;
      }
      Section section = sectionHeading(bare);
      if (section == Section.GAP) {
        sawGap = true;
        return Part.GAP;
      }
      if (section == Section.EUL) {
        return Part.EUL;
      }
      if (bare.contains("이하여백")) {
        return Part.END;
      }
      return null;
    }

    /**
     * Which part a heading line ({@code 【갑구】(소유권에관한사항)}, brackets and spaces removed) opens, read
     * as OCR may have misread it: the part's name ("감구" for 갑구) or its description may be one jamo
     * off, but the two must not point to different parts.
     */
    static Section sectionHeading(String bare) {
      if (bare.startsWith("갑구") || bare.equals("소유권에관한사항")) {
        return Section.GAP;
      }
      if (bare.startsWith("을구") || bare.startsWith("소유권이외의권리에관한사항")) {
        return Section.EUL;
      }
      Section byName = starts(bare, "갑구") ? Section.GAP : starts(bare, "을구") ? Section.EUL : null;
      String rest = byName == null ? bare : bare.substring(2);
      Section byDescription =
          starts(rest, "소유권이외의권리에관한사항")
              ? Section.EUL
              : starts(rest, "소유권에관한사항") && rest.length() <= "소유권에관한사항".length() + 1
                  ? Section.GAP
                  : null;
      if (byName != null && byDescription != null && byName != byDescription) {
        return null;
      }
      if (byName != null && (byDescription != null || rest.isEmpty())) {
        return byName;
      }
      return byDescription;
    }

    /** Whether {@code c} starts with {@code word} as OCR may have misread it (one jamo off). */
    static boolean starts(String c, String word) {
      for (int n = word.length() - 1; n <= word.length() + 1; n++) {
        if (n > 0 && n <= c.length() && Hangul.near(c.substring(0, n), word)) {
          return true;
        }
      }
      return false;
    }

    /** Page furniture and column headings: never part of an entry. */
    static boolean furniture(String c) {
      return c.startsWith("순위번호")
          || c.startsWith("표시번호")
          || c.startsWith("열람일시")
          || c.startsWith("발행번호")
          || c.startsWith("발행일")
          || c.startsWith("관할등기소")
          || c.startsWith("발행등기소")
          || c.startsWith("*본")
          || c.startsWith("고유번호")
          || c.startsWith("등기사항전부증명서")
          || c.equals("열람용")
          || c.matches("^\\d{1,3}/\\d{1,3}$")
          || c.equals("기록사항없음");
    }

    /** A row whose rank's hyphen OCR lost: "1 1 1번근저당권변경" or "11 1번근저당권변경" for "1-1 1번…". */
    private static final Pattern ANNEX_START =
        Pattern.compile("^\\s*([\\d\\s.,~]+?)\\s+(\\d{1,3})\\s*번(.*)$");

    /**
     * The 부기 row read with its rank's hyphen lost. A 부기 that changes or transfers entry N is
     * numbered N-k and its purpose names "N번": when the digits read before the purpose are N then
     * one or two more, and the purpose is such a change, the rank is N-k. Null otherwise.
     */
    /**
     * The rank "N-k" when {@code digits} (the rank as read, separators dropped) are {@code target}
     * then k, and {@code rest} (from "N번") is a 부기's change of entry N; null otherwise.
     */
    static String annexRank(String digits, String target, String rest) {
      if (!digits.startsWith(target) || digits.length() == target.length()) {
        return null;
      }
      String k = digits.substring(target.length());
      if (k.length() > 2 || k.startsWith("0")) {
        return null;
      }
      String purpose = purposeOf(rest);
      if (purpose == null || kindOf(purpose, "") != RightKind.AMENDMENT) {
        return null;
      }
      return target + "-" + k;
    }

    Raw annex(Line line, String raw, Section section) {
      Matcher m = ANNEX_START.matcher(raw);
      if (!m.matches()) {
        return null;
      }
      String target = m.group(2);
      String rest = target + "번" + m.group(3);
      String rank = annexRank(m.group(1).replaceAll("\\D", ""), target, compact(rest));
      if (rank == null) {
        return null;
      }
      String purpose = purposeOf(compact(rest));
      Raw started = new Raw(section, rank, purpose, line, afterChars(rest, purpose.length()));
      started.rankRepaired = true;
      return started;
    }

    Raw start(Line line, String raw, Section section) {
      Raw annex = annex(line, raw, section);
      if (annex != null) {
        return annex;
      }
      Matcher m = ENTRY_START.matcher(raw);
      if (!m.matches()) {
        return null;
      }
      String rest = m.group(2);
      String purpose = purposeOf(compact(rest));
      if (purpose == null) {
        return null;
      }
      String rank = m.group(1).replaceAll("\\s", "");
      String read = compact(rest);
      int consumed = read.startsWith(purpose) ? purpose.length() : nearLength(read, purpose);
      Raw started = new Raw(section, rank, purpose, line, afterChars(rest, consumed));
      started.misread = !read.startsWith(purpose);
      return started;
    }

    /** The 등기목적 a row starts with (spaces removed), or null. */
    static String purposeOf(String c) {
      Matcher cancel = CANCELLING.matcher(c);
      if (cancel.find() && cancel.start() == 0 && cancel.group(2).length() <= 20) {
        return cancel.group();
      }
      Matcher ref = REFERENCE.matcher(c);
      if (ref.find()) {
        // "1번근저당권변경", "2번김철수지분전부이전": a reference then a purpose.
        String tail = c.substring(ref.end());
        Matcher end = Pattern.compile("^[가-힣]{0,20}?(?:변경|경정|이전|말소|전부이전|일부이전)").matcher(tail);
        if (end.find()) {
          return ref.group() + end.group();
        }
        return null;
      }
      String best = null;
      for (String p : PURPOSES) {
        if (c.startsWith(p) && (best == null || p.length() > best.length())) {
          best = p;
        }
      }
      if (best == null) {
        best = nearPurpose(c);
      }
      return best;
    }

    /** How many characters of {@code c} the misread {@code purpose} took. */
    static int nearLength(String c, String purpose) {
      int best = purpose.length();
      int bestDistance = Integer.MAX_VALUE;
      for (int n = purpose.length() - 1; n <= Math.min(c.length(), purpose.length() + 1); n++) {
        int d = Hangul.distance(c.substring(0, n), purpose);
        if (d < bestDistance) {
          best = n;
          bestDistance = d;
        }
      }
      return best;
    }

    /**
     * The 등기목적 OCR misread by a jamo ("그저당권설정", "건세권설정"): the one purpose of three or more
     * syllables the row's start is near, the spelling of the register, and only when no other
     * purpose is as near. Two-syllable purposes (압류, 신탁) are too short to tell from noise.
     */
    static String nearPurpose(String c) {
      String best = null;
      int bestDistance = Integer.MAX_VALUE;
      boolean tie = false;
      for (String p : PURPOSES) {
        if (p.length() < 3) {
          continue;
        }
        for (int n = p.length() - 1; n <= p.length() + 1; n++) {
          if (n > c.length() || !Hangul.near(c.substring(0, n), p)) {
            continue;
          }
          int d = Hangul.distance(c.substring(0, n), p);
          if (d < bestDistance) {
            best = p;
            bestDistance = d;
            tie = false;
          } else if (d == bestDistance
              && !p.equals(best)
              && !p.startsWith(best)
              && !best.startsWith(p)) {
            tie = true;
          } else if (d == bestDistance && p.length() > best.length()) {
            best = p;
          }
        }
      }
      return tie ? null : best;
    }

    /** {@code text} after its first {@code n} non-space characters. */
    static String afterChars(String text, int n) {
      int seen = 0;
      int i = 0;
      while (i < text.length() && seen < n) {
        if (!Character.isWhitespace(text.charAt(i))) {
          seen++;
        }
        i++;
      }
      return text.substring(i);
    }

    void summaryOwner(String raw) {
      Matcher m = Pattern.compile("^\\s*(.+?)\\s*\\(\\s*(?:소유자|공유자)\\s*\\)").matcher(raw);
      if (m.find()) {
        summaryOwners.add(companyForms(m.group(1).strip()).replaceAll("\\s+", " "));
      }
    }

    // ---- one entry's fields ----

    Entry read(Raw raw) {
      double base = raw.ocr ? OCR : TEXT_LAYER;
      Map<String, Double> confidence = new LinkedHashMap<>();
      String body = raw.body.toString().replaceAll("\\s+", " ").strip();
      RightKind kind = kindOf(raw.purpose, body);

      LocalDate receiptDate = null;
      LocalDate causeDate = null;
      Matcher dates = DATE.matcher(body);
      int causeDateStart = -1;
      int n = 0;
      while (dates.find() && n < 2) {
        LocalDate date = date(dates);
        if (n == 0) {
          receiptDate = date;
          confidence.put(
              "receipt_date",
              date == null
                  ? 0.0
                  : OcrRepair.hasDigitLikes(dates, 1)
                          || OcrRepair.hasDigitLikes(dates, 2)
                          || OcrRepair.hasDigitLikes(dates, 3)
                      ? base * 0.9
                      : base);
          if (date == null) {
            warnings.add(
                Warning.uncertain(
                    raw.section,
                    raw.rank,
                    "receipt_date",
                    "접수일자를 읽을 수 없음 (unreadable receipt date): " + dates.group()));
          }
        } else {
          causeDate = date;
          causeDateStart = dates.start();
        }
        n++;
      }
      if (receiptDate == null && !confidence.containsKey("receipt_date")) {
        confidence.put("receipt_date", 0.0);
        warnings.add(
            Warning.uncertain(
                raw.section, raw.rank, "receipt_date", "접수일자가 없음 (no receipt date found)"));
      }
      String receiptNumber = null;
      Matcher no = RECEIPT_NO.matcher(body);
      if (no.find()) {
        receiptNumber = OcrRepair.digits(no.group(1)).replace(",", "");
        confidence.put(
            "receipt_number", receiptNumber.chars().allMatch(Character::isDigit) ? base : 0.3);
      }

      String cause = null;
      Matcher words =
          CAUSE_WORDS.matcher(causeDateStart >= 0 ? body.substring(causeDateStart) : body);
      if (kind != RightKind.OWNERSHIP_PRESERVATION && words.find()) {
        String word = words.group().replaceAll("\\s+", "");
        // A court's decision: the court's name is a cell of its own that wrapping may move away.
        Matcher court = COURT.matcher(causeDateStart >= 0 ? body.substring(causeDateStart) : body);
        if (!word.contains("법원") && word.endsWith(")") && court.find()) {
          word = court.group(1) + "의 " + word;
        } else if (word.contains("법원의")) {
          word = word.replace("법원의", "법원의 ");
        }
        cause = causeDate != null ? dateText(causeDate) + " " + word : word;
        confidence.put("cause", causeDate != null ? base : base * 0.8);
      }

      List<String> holders = holders(body);
      confidence.put("holders", holders.isEmpty() ? 0.0 : base);
      String debtor = null;
      Matcher debt = DEBTOR.matcher(body);
      if (debt.find()) {
        debtor = name(body.substring(debt.end()));
      }

      Long maxClaim = null;
      Long deposit = null;
      Long claim = null;
      Matcher amounts = AMOUNT.matcher(body);
      while (amounts.find()) {
        String label = amounts.group(1);
        OcrRepair.Money money = OcrRepair.money(amounts.group(2));
        String field =
            switch (label) {
              case "채권최고액" -> "max_claim";
              case "전세금", "임차보증금", "보증금" -> "deposit";
              case "청구금액" -> "claim";
              default -> null;
            };
        if (field == null || confidence.containsKey(field)) {
          continue;
        }
        if (money == null) {
          confidence.put(field, 0.0);
          warnings.add(
              Warning.uncertain(
                  raw.section,
                  raw.rank,
                  field,
                  label + "을 읽을 수 없음 (unreadable amount): " + amounts.group()));
          continue;
        }
        double c = base * (money.repaired() ? 0.9 : 1.0);
        if (!money.wellFormed()) {
          c = 0.4;
          warnings.add(
              Warning.uncertain(
                  raw.section,
                  raw.rank,
                  field,
                  label
                      + "의 자릿수가 맞지 않음, 원문을 확인하세요 (the amount's digit groups are broken): "
                      + amounts.group()));
        }
        confidence.put(field, c);
        switch (field) {
          case "max_claim" -> maxClaim = money.won();
          case "deposit" -> deposit = money.won();
          default -> claim = money.won();
        }
      }
      if ((kind == RightKind.MORTGAGE && maxClaim == null)
          || ((kind == RightKind.JEONSE || kind == RightKind.LEASE) && deposit == null)) {
        confidence.put(kind == RightKind.MORTGAGE ? "max_claim" : "deposit", 0.0);
        warnings.add(
            Warning.uncertain(
                raw.section,
                raw.rank,
                kind == RightKind.MORTGAGE ? "max_claim" : "deposit",
                "금액을 찾을 수 없음 (no amount found for " + raw.purpose + ")"));
      }

      List<String> cancels = new ArrayList<>();
      if (kind == RightKind.CANCELLATION
          || kind == RightKind.AMENDMENT
          || raw.purpose.matches("^\\d.*")) {
        Matcher r = RANK_IN.matcher(raw.purpose);
        while (r.find()) {
          cancels.add(r.group(1));
        }
      }
      EntryStatus status =
          switch (kind) {
            case CANCELLATION -> EntryStatus.CANCELLING;
            case AMENDMENT -> EntryStatus.AMENDMENT;
            default -> EntryStatus.IN_FORCE;
          };
      confidence.put("status", base);
      // A purpose read one jamo off: the kind of right is still the only near one, but less sure.
      confidence.put("purpose", raw.misread ? base * 0.85 : base);
      confidence.put("rank", raw.rankRepaired ? base * 0.85 : base);
      return new Entry(
          raw.section,
          raw.rank,
          raw.purpose,
          kind,
          receiptDate,
          receiptNumber,
          cause,
          holders,
          debtor,
          maxClaim,
          deposit,
          claim,
          List.copyOf(cancels),
          status,
          null,
          raw.struck,
          raw.page,
          confidence,
          raw.text.toString());
    }

    static RightKind kindOf(String purpose, String body) {
      if (purpose.contains("말소")) {
        return RightKind.CANCELLATION;
      }
      if (purpose.matches("^\\d.*")
          && (purpose.contains("변경")
              || purpose.contains("경정")
              || purpose.contains("근저당권이전")
              || purpose.contains("전세권이전"))) {
        return RightKind.AMENDMENT;
      }
      if (purpose.startsWith("등기명의인표시")) {
        return RightKind.AMENDMENT;
      }
      if (purpose.contains("가등기")) {
        return RightKind.PROVISIONAL_REGISTRATION;
      }
      if (purpose.contains("가처분") || purpose.equals("금지사항등기")) {
        return RightKind.INJUNCTION;
      }
      if (purpose.equals("가압류")) {
        return RightKind.PROVISIONAL_SEIZURE;
      }
      if (purpose.equals("압류")) {
        return RightKind.SEIZURE;
      }
      if (purpose.contains("경매개시결정")) {
        return RightKind.AUCTION;
      }
      if (purpose.contains("저당권")) {
        return RightKind.MORTGAGE;
      }
      if (purpose.startsWith("전세권")) {
        return RightKind.JEONSE;
      }
      if (purpose.contains("임차권")) {
        return RightKind.LEASE;
      }
      if (purpose.equals("신탁")) {
        return RightKind.TRUST;
      }
      if (purpose.equals("소유권보존")) {
        return RightKind.OWNERSHIP_PRESERVATION;
      }
      if (purpose.contains("이전")) {
        String b = compact(body);
        return b.contains("수탁자") || b.matches(".*\\d일신탁.*") || b.contains("신탁원부")
            ? RightKind.TRUST
            : RightKind.OWNERSHIP_TRANSFER;
      }
      return RightKind.OTHER;
    }

    static LocalDate date(Matcher m) {
      try {
        return LocalDate.of(
            Integer.parseInt(OcrRepair.digits(m.group(1))),
            Integer.parseInt(OcrRepair.digits(m.group(2))),
            Integer.parseInt(OcrRepair.digits(m.group(3))));
      } catch (DateTimeException | NumberFormatException e) {
        return null;
      }
    }

    static String dateText(LocalDate d) {
      return d.getYear() + "년" + d.getMonthValue() + "월" + d.getDayOfMonth() + "일";
    }

    static List<String> holders(String body) {
      List<String> names = new ArrayList<>();
      Matcher m = HOLDER.matcher(body);
      while (m.find()) {
        String rest = body.substring(m.end());
        Matcher share = SHARE.matcher(rest);
        if (share.find()) {
          rest = rest.substring(share.end());
        }
        String name = name(rest);
        if (name != null && !names.contains(name)) {
          names.add(name);
        }
      }
      return List.copyOf(names);
    }

    /**
     * The name at the start of {@code rest}: words up to a registration number, address or label.
     */
    static String name(String rest) {
      String[] words = companyForms(rest.strip()).split("\\s+");
      List<String> name = new ArrayList<>();
      for (int i = 0; i < words.length && name.size() < 3; i++) {
        String w = words[i];
        if (w.isEmpty() || !namePart(w)) {
          break;
        }
        name.add(w);
        boolean companyPrefix = w.equals("주식회사") || w.equals("유한회사") || w.equals("(주)");
        boolean companyNext =
            i + 1 < words.length && (words[i + 1].equals("주식회사") || words[i + 1].equals("유한회사"));
        if (!companyPrefix && !companyNext) {
          break;
        }
      }
      return name.isEmpty() ? null : String.join(" ", name);
    }

    private static final Pattern COMPANY_FORM = Pattern.compile("(주식회사|유한회사|유한책임회사|합자회사|합명회사)");

    /**
     * A company's legal form set apart by a space, as the register writes it ("주식회사 국민은행", "농협은행
     * 주식회사"): text placed glyph by glyph and OCR both lose that space ("주식회사한국토지신탁"). Only at the
     * start or end of a word, never inside one.
     */
    static String companyForms(String text) {
      StringBuilder out = new StringBuilder();
      for (String w : text.split("(?<=\\s)|(?=\\s)")) {
        Matcher m = COMPANY_FORM.matcher(w);
        if (!w.isBlank() && m.find() && w.length() > m.group().length()) {
          if (m.start() == 0) {
            w = m.group() + " " + w.substring(m.end());
          } else if (m.end() == w.length()) {
            w = w.substring(0, m.start()) + " " + m.group();
          }
        }
        out.append(w);
      }
      return out.toString();
    }

    static boolean namePart(String w) {
      return !(RESIDENT.matcher(w).find()
          || w.matches("^[0-9*]{6}-?.*")
          || ADDRESS_END.matcher(w).find()
          || STOP_WORDS.contains(w)
          || HOLDER.matcher(w).lookingAt()
          || w.startsWith("채무자")
          || w.matches("^금[0-9OoIl].*")
          || w.matches("^제[0-9].*")
          || w.matches(".*[0-9]{4}년.*")
          || w.matches("^[0-9].*"));
    }

    // ---- across entries ----

    void checkRanks(List<Entry> entries, Section section) {
      int last = 0;
      for (Entry e : entries) {
        if (e.rank().contains("-")) {
          continue;
        }
        int r = Integer.parseInt(e.rank());
        if (r != last + 1 && last != 0) {
          warnings.add(
              Warning.uncertain(
                  section,
                  e.rank(),
                  "rank",
                  "순위번호가 "
                      + last
                      + " 다음에 "
                      + r
                      + " 입니다: 빠진 등기가 있을 수 있음 (ranks jump from "
                      + last
                      + " to "
                      + r
                      + "; an entry may be missing)"));
        }
        last = Math.max(last, r);
      }
    }

    /** Applies cancellations, red strikes and 부기 amendments; marks earlier owners superseded. */
    void resolve(List<Entry> entries) {
      Map<String, Integer> byRank = new LinkedHashMap<>();
      for (int i = 0; i < entries.size(); i++) {
        byRank.putIfAbsent(entries.get(i).rank(), i);
      }
      for (Entry e : List.copyOf(entries)) {
        if (e.kind() == RightKind.CANCELLATION) {
          for (String target : e.cancels()) {
            Integer i = byRank.get(target);
            if (i == null) {
              warnings.add(
                  Warning.uncertain(
                      e.section(),
                      e.rank(),
                      "cancels",
                      target
                          + "번 등기를 찾을 수 없어 말소를 적용하지 못함 (the cancelled entry "
                          + target
                          + " was not found)"));
              continue;
            }
            cancel(entries, i, e.rank());
            // A 부기 entry goes with the entry it belongs to.
            for (int j = 0; j < entries.size(); j++) {
              if (entries.get(j).rank().startsWith(target + "-")
                  && entries.get(j).kind() != RightKind.CANCELLATION) {
                cancel(entries, j, e.rank());
              }
            }
          }
        } else if (e.kind() == RightKind.AMENDMENT && !e.cancels().isEmpty()) {
          Integer i = byRank.get(e.cancels().get(0));
          if (i != null) {
            Entry t = entries.get(i);
            Map<String, Double> conf = new LinkedHashMap<>(t.confidence());
            Long maxClaim = t.maxClaim();
            if (e.maxClaim() != null) {
              maxClaim = e.maxClaim();
              conf.put("max_claim", e.confidence().getOrDefault("max_claim", 1.0));
            }
            Long deposit = t.deposit();
            if (e.deposit() != null) {
              deposit = e.deposit();
              conf.put("deposit", e.confidence().getOrDefault("deposit", 1.0));
            }
            List<String> holders =
                e.purpose().contains("이전") && !e.holders().isEmpty() ? e.holders() : t.holders();
            entries.set(i, copy(t, t.status(), t.cancelledBy(), maxClaim, deposit, holders, conf));
          }
        }
      }
      // The red line: a struck entry is cancelled; the two sources must agree.
      for (int i = 0; i < entries.size(); i++) {
        Entry e = entries.get(i);
        if (Boolean.TRUE.equals(e.struck()) && e.status() == EntryStatus.IN_FORCE) {
          warnings.add(
              Warning.uncertain(
                  e.section(),
                  e.rank(),
                  "status",
                  "붉은 줄로 지워졌지만 말소 등기를 찾지 못함: 말소된 것으로 봄 (struck through in red but no cancelling entry was read; taken as cancelled)"));
          cancel(entries, i, "struck");
        } else if (Boolean.FALSE.equals(e.struck()) && e.status() == EntryStatus.CANCELLED) {
          warnings.add(
              Warning.uncertain(
                  e.section(),
                  e.rank(),
                  "status",
                  "말소 등기가 있지만 붉은 줄이 없음 (cancelled by entry "
                      + e.cancelledBy()
                      + " but not struck through)"));
        }
      }
      // Ownership: the last full transfer in force is today's; the ones before it are history.
      int lastOwner = -1;
      for (int i = 0; i < entries.size(); i++) {
        Entry e = entries.get(i);
        if (e.kind().ownership()
            && e.status() == EntryStatus.IN_FORCE
            && !e.purpose().contains("일부이전")) {
          lastOwner = i;
        }
      }
      for (int i = 0; i < lastOwner; i++) {
        Entry e = entries.get(i);
        if (e.kind().ownership() && e.status() == EntryStatus.IN_FORCE) {
          entries.set(
              i,
              copy(
                  e,
                  EntryStatus.SUPERSEDED,
                  null,
                  e.maxClaim(),
                  e.deposit(),
                  e.holders(),
                  e.confidence()));
        }
      }
    }

    static void cancel(List<Entry> entries, int i, String by) {
      Entry t = entries.get(i);
      entries.set(
          i,
          copy(
              t,
              EntryStatus.CANCELLED,
              by,
              t.maxClaim(),
              t.deposit(),
              t.holders(),
              t.confidence()));
    }

    static Entry copy(
        Entry t,
        EntryStatus status,
        String by,
        Long maxClaim,
        Long deposit,
        List<String> holders,
        Map<String, Double> conf) {
      return new Entry(
          t.section(),
          t.rank(),
          t.purpose(),
          t.kind(),
          t.receiptDate(),
          t.receiptNumber(),
          t.cause(),
          holders,
          t.debtor(),
          maxClaim,
          deposit,
          t.claim(),
          t.cancels(),
          status,
          by,
          t.struck(),
          t.page(),
          Map.copyOf(conf),
          t.text());
    }

    List<String> owners(List<Entry> gap) {
      List<String> owners = new ArrayList<>();
      for (Entry e : gap) {
        if (e.kind().ownership() && e.status() == EntryStatus.IN_FORCE) {
          for (String h : e.holders()) {
            if (!owners.contains(h)) {
              owners.add(h);
            }
          }
        }
      }
      if (owners.isEmpty()) {
        warnings.add(
            Warning.uncertain(
                Section.GAP, null, "owners", "현재 소유자를 찾을 수 없음 (no current owner found)"));
      }
      return List.copyOf(owners);
    }

    /**
     * An owner's name is repeated elsewhere on a certificate (채무자 of a mortgage, 요약's 소유자): OCR
     * reads each mention apart, so a name that appears elsewhere only one jamo off ("이서면" as owner,
     * "이서연" as debtor) was misread in one of them, and which one cannot be told.
     */
    void checkOwnerSpelling(List<String> owners, List<Entry> gap, List<Entry> eul) {
      List<String> mentions = new ArrayList<>(summaryOwners);
      for (List<Entry> part : List.of(gap, eul)) {
        for (Entry e : part) {
          mentions.addAll(e.holders());
          if (e.debtor() != null) {
            mentions.add(e.debtor());
          }
        }
      }
      for (String owner : owners) {
        if (mentions.stream().filter(owner::equals).count() > 1) {
          continue;
        }
        for (String other : mentions) {
          if (!other.equals(owner)
              && other.length() == owner.length()
              && Hangul.distance(other, owner) == 1) {
            warnings.add(
                Warning.uncertain(
                    Section.GAP,
                    null,
                    "owners",
                    "소유자 "
                        + owner
                        + " 가 다른 곳에서는 "
                        + other
                        + " 로 읽힘 (the owner's name reads differently elsewhere on the certificate)"));
            break;
          }
        }
      }
    }

    TitlePart title() {
      Map<String, Double> confidence = new LinkedHashMap<>();
      double base = ocrAnywhere ? OCR : TEXT_LAYER;
      String address = headingAddress;
      confidence.put("address", address == null ? 0.0 : base);
      String buildingName = buildingName(address);
      String all = building + " " + unit;
      String structure = null;
      Matcher s = STRUCTURE.matcher(unit.isEmpty() ? building.toString() : unit.toString());
      if (s.find()) {
        structure = s.group(1);
      } else if ((s = STRUCTURE.matcher(all)).find()) {
        structure = s.group(1);
      }
      confidence.put("structure", structure == null ? 0.0 : base);
      BigDecimal area = null;
      Matcher a = AREA.matcher(kind == RegisterKind.COLLECTIVE_BUILDING ? unit : building);
      BigDecimal last = null;
      while (a.find()) {
        last = area(a.group(1));
        if (area == null) {
          area = last;
        }
      }
      if (kind == RegisterKind.COLLECTIVE_BUILDING) {
        // 전유부분's last area is the current one (a later 표시번호 corrects the first).
        area = last;
      }
      double areaConfidence = base;
      if (area == null) {
        // OCR often loses the ㎡ sign (read as "nf", "ni" or nothing): a decimal number in the
        // 건물내역 cell is still the area, read with less confidence.
        Matcher d = DECIMAL.matcher(kind == RegisterKind.COLLECTIVE_BUILDING ? unit : building);
        String read = null;
        while (d.find()) {
          last = area(d.group(1));
          if (area == null || kind == RegisterKind.COLLECTIVE_BUILDING) {
            area = last;
            read = d.group(1);
          }
        }
        areaConfidence = 0.7;
        String unitLost = read == null ? null : unitReadAsDigits(read);
        if (unitLost != null) {
          area = new BigDecimal(unitLost);
          areaConfidence = 0.5;
          warnings.add(
              Warning.uncertain(
                  null,
                  null,
                  "exclusive_area",
                  "면적 "
                      + read
                      + " 의 끝자리는 ㎡를 잘못 읽은 것으로 보고 "
                      + unitLost
                      + " 로 읽음 (the area's last digits taken as a misread ㎡)"));
        }
      }
      confidence.put("exclusive_area", area == null ? 0.0 : areaConfidence);
      if (area == null && kind != RegisterKind.UNKNOWN) {
        warnings.add(
            Warning.uncertain(null, null, "exclusive_area", "면적을 읽을 수 없음 (no area found in 표제부)"));
      }
      String ratio = null;
      Matcher r = RATIO.matcher(landRight);
      if (r.find()) {
        ratio = r.group(1) + "분의 " + r.group(2);
      }
      Boolean registered = kind == RegisterKind.COLLECTIVE_BUILDING ? sawLandRight : null;
      confidence.put("land_right_ratio", ratio == null ? (sawLandRight ? 0.0 : base) : base);
      if (sawLandRight && ratio == null) {
        warnings.add(
            Warning.uncertain(
                null, null, "land_right_ratio", "대지권비율을 읽을 수 없음 (unreadable 대지권 ratio)"));
      }
      return new TitlePart(
          address, buildingName, structure, area, ratio, registered, Map.copyOf(confidence));
    }

    /**
     * An area read without its ㎡ whose decimals run past the register's two: Tesseract reads the
     * sign as "0" or "01" ("73.55㎡" → "73.5501"). The digits before them, when what follows the
     * second decimal is such a misread and changes the value; otherwise null.
     */
    static String unitReadAsDigits(String read) {
      int dot = read.indexOf('.');
      if (dot < 0 || read.length() - dot - 1 <= 2) {
        return null;
      }
      String tail = read.substring(dot + 3);
      if (!tail.matches("0{0,2}1")) {
        return null;
      }
      return read.substring(0, dot + 3);
    }

    static BigDecimal area(String raw) {
      String d = OcrRepair.digits(raw).replace(',', '.');
      try {
        return new BigDecimal(d);
      } catch (NumberFormatException e) {
        return null;
      }
    }

    /** "서울특별시 강남구 대치동 1234 대치아파트 제101동 제10층 제1001호" → "대치아파트". */
    static String buildingName(String address) {
      if (address == null) {
        return null;
      }
      String[] w = address.split("\\s+");
      for (int i = 0; i + 1 < w.length; i++) {
        if (w[i].matches("^(산)?\\d+(-\\d+)?(번지)?$")
            && !w[i + 1].matches("^제.*")
            && !w[i + 1].matches("^\\d.*")) {
          return w[i + 1].replaceAll("[,\\[\\]]", "");
        }
      }
      return null;
    }

    SummaryCheck crossCheck(List<Entry> gap, List<Entry> eul, List<String> owners) {
      if (!sawSummary) {
        return SummaryCheck.absent();
      }
      Set<String> gapInForce = ranks(gap);
      Set<String> eulInForce = ranks(eul);
      boolean agrees = true;
      if (!gapInForce.equals(summaryGap)) {
        agrees = false;
        warnings.add(
            Warning.uncertain(
                Section.GAP,
                null,
                "status",
                "주요 등기사항 요약의 갑구 "
                    + summaryGap
                    + " 와 본문 "
                    + gapInForce
                    + " 이 다름 (the summary's 갑구 ranks in force differ from the parse)"));
      }
      if (!eulInForce.equals(summaryEul)) {
        agrees = false;
        warnings.add(
            Warning.uncertain(
                Section.EUL,
                null,
                "status",
                "주요 등기사항 요약의 을구 "
                    + summaryEul
                    + " 와 본문 "
                    + eulInForce
                    + " 이 다름 (the summary's 을구 ranks in force differ from the parse)"));
      }
      if (!summaryOwners.isEmpty() && !Set.copyOf(summaryOwners).equals(Set.copyOf(owners))) {
        agrees = false;
        warnings.add(
            Warning.uncertain(
                Section.GAP,
                null,
                "owners",
                "요약의 소유자 "
                    + summaryOwners
                    + " 와 본문 "
                    + owners
                    + " 이 다름 (the summary's owners differ)"));
      }
      return new SummaryCheck(
          true,
          List.copyOf(summaryOwners),
          List.copyOf(summaryGap),
          List.copyOf(summaryEul),
          agrees);
    }

    static Set<String> ranks(List<Entry> entries) {
      Set<String> ranks = new LinkedHashSet<>();
      for (Entry e : entries) {
        if (e.inForce() && e.kind().burden()) {
          ranks.add(e.rank());
        }
      }
      return ranks;
    }

    static double confidence(List<Entry> gap, List<Entry> eul, TitlePart title) {
      double min = 1.0;
      for (List<Entry> part : List.of(gap, eul)) {
        for (Entry e : part) {
          if (e.inForce()) {
            for (Map.Entry<String, Double> c : e.confidence().entrySet()) {
              if (!c.getKey().equals("holders") && !c.getKey().equals("cause")) {
                min = Math.min(min, c.getValue());
              }
            }
          }
        }
      }
      return min;
    }

    static String compact(String s) {
      return s.replaceAll("\\s+", "");
    }
  }
}
