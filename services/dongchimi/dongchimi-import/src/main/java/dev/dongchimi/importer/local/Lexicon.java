package dev.dongchimi.importer.local;

import dev.dongchimi.ProductNames;
import dev.dongchimi.category.Category;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Korean product keywords per category ({@code local-lexicon.txt}). A name is read left to right,
 * taking the longest keyword at each point, so Korean compounds need no morphological analyser
 * ("국산콩두부", "바나나맛우유") and the parts of a longer word do not count ("카스테라" is no beer, "에스프레소" holds
 * no 소라). Then, because flyers name the product and add what it is made of or tastes of:
 *
 * <ul>
 *   <li>once a name holds a prepared product (죽, 햄, 식초, 빼빼로…), fruit, vegetable, grain, meat and
 *       seafood words in it are ingredients or flavours ("전복죽", "사과식초", "웰치스 포도");
 *   <li>the last keyword is the head of the compound, as in Korean, and weighs more ("김치만두" is a
 *       dumpling, "소금빵" bread);
 *   <li>modifier words marked {@code $} in the lexicon count only as that last keyword ("해남 꿀고구마"
 *       is no honey, "명란젓" is a side dish);
 *   <li>a keyword followed by 용 says what the product is for, not what it is ("구이용", "찌개용");
 *   <li>keywords marked {@code !} decide alone: pet products name the flavour they taste of ("츄르
 *       참치", "강아지 간식 닭가슴살").
 * </ul>
 */
public final class Lexicon {
  /** One keyword of a category. */
  public record Entry(String keyword, Category category) {}

  /** A lexicon word; {@code category} null for a word that only hides the keywords inside it. */
  private record Term(String word, Category category, boolean modifier, boolean decisive) {}

  /** Raw foods: in a name with a prepared product they are its ingredients or flavours. */
  private static final Set<Category> INGREDIENTS =
      EnumSet.of(
          Category.FRUIT,
          Category.VEGETABLE,
          Category.GRAIN_NUT,
          Category.MEAT_EGG,
          Category.SEAFOOD);

  /** The head keyword's extra weight: enough to outweigh a two-letter ingredient before it. */
  private static final int HEAD_BONUS = 2;

  private final List<Entry> entries;
  private final Map<Character, List<Term>> termsByFirstChar;

  private Lexicon(List<Entry> entries, Map<Character, List<Term>> termsByFirstChar) {
    this.entries = entries;
    this.termsByFirstChar = termsByFirstChar;
  }

  public static Lexicon load() {
    Map<String, Term> terms = new HashMap<>();
    try (InputStream in =
            Lexicon.class.getResourceAsStream("/dev/dongchimi/importer/local-lexicon.txt");
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = reader.readLine()) != null; ) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        int colon = line.indexOf(':');
        String label = line.substring(0, colon).strip();
        Category category = label.equals("IGNORE") ? null : Category.valueOf(label);
        for (String raw : line.substring(colon + 1).split(",")) {
          String word = raw.strip();
          boolean modifier = word.endsWith("$");
          boolean decisive = word.endsWith("!");
          String key =
              ProductNames.normalize(
                  modifier || decisive ? word.substring(0, word.length() - 1) : word);
          if (key.isEmpty()) {
            continue;
          }
          Term previous = terms.putIfAbsent(key, new Term(key, category, modifier, decisive));
          if (previous != null) {
            throw new IllegalStateException("lexicon: \"" + key + "\" is listed twice");
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Comparator<Term> longestFirst = Comparator.comparingInt((Term t) -> -t.word().length());
    Map<Character, List<Term>> byFirstChar = new HashMap<>();
    terms.values().stream()
        .sorted(longestFirst.thenComparing(Term::word))
        .forEach(
            t -> byFirstChar.computeIfAbsent(t.word().charAt(0), c -> new ArrayList<>()).add(t));
    List<Entry> entries =
        terms.values().stream()
            .filter(t -> t.category() != null)
            .sorted(longestFirst.thenComparing(Term::word))
            .map(t -> new Entry(t.word(), t.category()))
            .toList();
    return new Lexicon(entries, Map.copyOf(byFirstChar));
  }

  /** The best category for a name, OTHER when no keyword is found. */
  public Category classify(String name) {
    return keyword(name).orElse(Category.OTHER);
  }

  /**
   * The category of the name's keywords, empty when it holds none: unlike {@link #classify}, an
   * OTHER keyword ("사료", "상품권") is told apart from no keyword at all.
   */
  public Optional<Category> keyword(String name) {
    List<Term> read = read(ProductNames.normalize(name));
    for (Term t : read) {
      if (t.decisive()) {
        return Optional.of(t.category());
      }
    }
    List<Term> counted = new ArrayList<>();
    for (int i = 0; i < read.size(); i++) {
      if (!read.get(i).modifier() || i == read.size() - 1) {
        counted.add(read.get(i));
      }
    }
    if (counted.isEmpty()) {
      return Optional.empty();
    }
    if (counted.stream().anyMatch(t -> !INGREDIENTS.contains(t.category()))) {
      counted = counted.stream().filter(t -> !INGREDIENTS.contains(t.category())).toList();
    }
    Category head = counted.getLast().category();
    Map<Category, Integer> score = new EnumMap<>(Category.class);
    for (Term t : counted) {
      score.merge(t.category(), t.word().length(), Integer::sum);
    }
    score.merge(head, HEAD_BONUS, Integer::sum);
    Category best = head;
    for (Category c : Category.values()) {
      if (score.getOrDefault(c, 0) > score.get(best)) {
        best = c;
      }
    }
    return Optional.of(best);
  }

  /** Every keyword with its category, longest first. */
  public List<Entry> entries() {
    return entries;
  }

  /** The keywords a name contains anywhere, longest first (image candidates). */
  public List<Entry> found(String name) {
    String key = ProductNames.normalize(name);
    return entries.stream().filter(e -> key.contains(e.keyword())).toList();
  }

  /** The keywords of a normalised name, longest match first from the left. */
  private List<Term> read(String key) {
    List<Term> hits = new ArrayList<>();
    int i = 0;
    while (i < key.length()) {
      Term term = longestAt(key, i);
      if (term == null) {
        i++;
        continue;
      }
      int end = i + term.word().length();
      if (term.category() != null && !isPurpose(key, end) && !isFlavour(key, end)) {
        hits.add(term);
      }
      i = end;
    }
    return hits;
  }

  private Term longestAt(String key, int at) {
    for (Term t : termsByFirstChar.getOrDefault(key.charAt(at), List.of())) {
      if (key.startsWith(t.word(), at)) {
        return t;
      }
    }
    return null;
  }

  /**
   * "와사비맛 아몬드", "딸기향 우유", "자몽맛 탄산수": the word before 맛 or 향 is the taste, not the product. A
   * keyword that starts with 맛 or 향 ("맛살", "향신료") is read by the longest match before this.
   */
  private boolean isFlavour(String key, int at) {
    return (key.startsWith("맛", at) || key.startsWith("향", at))
        && (longestAt(key, at) == null || longestAt(key, at).category() == null);
  }

  /** "구이용", "찌개용": the word before 용 is what it is for; 용기 and 용량 are other words. */
  private static boolean isPurpose(String key, int at) {
    return key.startsWith("용", at) && !key.startsWith("용기", at) && !key.startsWith("용량", at);
  }
}
