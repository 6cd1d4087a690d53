package dev.taskrow.dongchimi.importer.local;

import dev.taskrow.dongchimi.Category;
import dev.taskrow.dongchimi.ProductNames;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Korean product keywords per category ({@code local-lexicon.txt}). Matching is by substring of the
 * normalised name, which handles Korean compounds ("국산콩두부", "바나나맛우유") without a morphological
 * analyser: a category scores the summed length of its keywords found in the name.
 */
public final class Lexicon {
  /** One keyword of a category. */
  public record Entry(String keyword, Category category) {}

  private final List<Entry> entries;

  private Lexicon(List<Entry> entries) {
    this.entries = entries;
  }

  public static Lexicon load() {
    List<Entry> entries = new ArrayList<>();
    try (InputStream in =
            Lexicon.class.getResourceAsStream("/dev/taskrow/dongchimi/importer/local-lexicon.txt");
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = reader.readLine()) != null; ) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        int colon = line.indexOf(':');
        Category category = Category.valueOf(line.substring(0, colon).strip());
        for (String word : line.substring(colon + 1).split(",")) {
          String key = ProductNames.normalize(word.strip());
          if (!key.isEmpty()) {
            entries.add(new Entry(key, category));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    entries.sort(Comparator.comparingInt((Entry e) -> -e.keyword().length()));
    return new Lexicon(List.copyOf(entries));
  }

  /** The best category for a name, OTHER when no keyword is found. */
  public Category classify(String name) {
    String key = ProductNames.normalize(name);
    Map<Category, Integer> score = new EnumMap<>(Category.class);
    Map<Category, Integer> longest = new EnumMap<>(Category.class);
    for (Entry e : entries) {
      if (key.contains(e.keyword())) {
        score.merge(e.category(), e.keyword().length(), Integer::sum);
        longest.merge(e.category(), e.keyword().length(), Math::max);
      }
    }
    Category best = Category.OTHER;
    int bestScore = 0;
    int bestLongest = 0;
    for (Category c : Category.values()) {
      int sc = score.getOrDefault(c, 0);
      int lo = longest.getOrDefault(c, 0);
      if (sc > bestScore || sc == bestScore && sc > 0 && lo > bestLongest) {
        best = c;
        bestScore = sc;
        bestLongest = lo;
      }
    }
    return best;
  }

  /** The keywords found in a name, longest first. */
  public List<Entry> found(String name) {
    String key = ProductNames.normalize(name);
    return entries.stream().filter(e -> key.contains(e.keyword())).toList();
  }
}
