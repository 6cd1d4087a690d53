package dev.dongchimi.importer.local;

import dev.dongchimi.ProductNames;
import dev.dongchimi.category.Category;
import dev.dongchimi.importer.local.CategoryModel.Example;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * The labelled name sets of the accuracy test and the model trainer.
 *
 * <p>The real set ({@code labelled/real/}, sources in its README): Market Kurly listing names with
 * the store's own subcategory, labelled through the committed mapping table, one rule per store
 * subcategory. It is split once, by a hash of the normalised name, into dev (70 %) and hold-out (30
 * %) — fixed before any error was looked at, and the same name written twice lands on one side.
 */
final class LabelledNames {
  static final String REAL_LISTING = "labelled/real/kurly-listing.tsv";
  static final String REAL_MAPPING = "labelled/real/kurly-category-map.tsv";

  /**
   * The second real set ({@code labelled/real2/}, sources in its README): processed-food names from
   * the food regulator's nutrition database labelled by its food-type code, and Daiso's 3M items by
   * Daiso's shelf path. Split by the same name hash as the first.
   */
  static final List<Source> SECOND_SOURCES =
      List.of(
          new Source("labelled/real2/mfds-listing.tsv", "labelled/real2/mfds-category-map.tsv"),
          new Source("labelled/real2/daiso-listing.tsv", "labelled/real2/daiso-category-map.tsv"));

  /**
   * The third real set ({@code labelled/real3/}, sources in its README): a later crawl of Market
   * Kurly by another team, with the store's own category and subcategory, labelled through its own
   * mapping table; names also in the first set are left out. Split by the same name hash.
   */
  static final List<Source> THIRD_SOURCES =
      List.of(
          new Source(
              "labelled/real3/kurly2-listing.tsv", "labelled/real3/kurly2-category-map.tsv"));

  /**
   * The fourth real set ({@code labelled/real4/}, sources in its README): more processed-food names
   * of the same regulator's database, from two other stored copies (other initial letters, other
   * food types), labelled by the same kind of rule. Split by the same name hash.
   */
  static final List<Source> FOURTH_SOURCES =
      List.of(
          new Source("labelled/real4/mfdsb-listing.tsv", "labelled/real4/mfdsb-category-map.tsv"));

  /**
   * The fifth real set ({@code labelled/real5/}, sources in its README): Coupang's food listing, a
   * store no other set comes from, labelled by Coupang's own category. Names already in another set
   * (after {@link ProductNames#normalize}) are left out, so that a model trained on the other sets
   * has never seen one of them.
   */
  static final List<Source> FIFTH_SOURCES =
      List.of(
          new Source(
              "labelled/real5/coupang-listing.tsv", "labelled/real5/coupang-category-map.tsv"));

  /** A listing (source category, name) and its mapping table (source category to ours). */
  record Source(String listing, String mapping) {}

  private LabelledNames() {}

  /** Real names whose name hash falls in the dev part. */
  static List<Example> realDev() {
    return devPart(real());
  }

  /** Real names whose name hash falls in the hold-out part: never tuned on. */
  static List<Example> realHoldOut() {
    return holdOutPart(real());
  }

  private static List<Example> devPart(List<Example> names) {
    return names.stream().filter(e -> !isHoldOut(e.name())).toList();
  }

  private static List<Example> holdOutPart(List<Example> names) {
    return names.stream().filter(e -> isHoldOut(e.name())).toList();
  }

  /** 3 in 10 names, by CRC-32 of the normalised name. */
  static boolean isHoldOut(String name) {
    CRC32 crc = new CRC32();
    crc.update(ProductNames.normalize(name).getBytes(StandardCharsets.UTF_8));
    return crc.getValue() % 10 < 3;
  }

  /**
   * The cross-validation fold of a dev name, 0 to {@code folds - 1}: CRC-32 of the normalised name
   * with a prefix, so the folds do not follow the dev/hold-out split.
   */
  static int fold(String name, int folds) {
    CRC32 crc = new CRC32();
    crc.update(("fold:" + ProductNames.normalize(name)).getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % folds);
  }

  /** Second-set names whose name hash falls in the dev part. */
  static List<Example> secondDev() {
    return devPart(second());
  }

  /** Second-set names whose name hash falls in the hold-out part: never tuned on. */
  static List<Example> secondHoldOut() {
    return holdOutPart(second());
  }

  /** Every mapped name of the second set, each source de-duplicated on its own. */
  static List<Example> second() {
    return of(SECOND_SOURCES);
  }

  /** Third-set names whose name hash falls in the dev part. */
  static List<Example> thirdDev() {
    return devPart(third());
  }

  /** Third-set names whose name hash falls in the hold-out part: never tuned on. */
  static List<Example> thirdHoldOut() {
    return holdOutPart(third());
  }

  /** Every mapped name of the third set. */
  static List<Example> third() {
    return of(THIRD_SOURCES);
  }

  /** Fourth-set names whose name hash falls in the dev part. */
  static List<Example> fourthDev() {
    return devPart(fourth());
  }

  /** Fourth-set names whose name hash falls in the hold-out part: never tuned on. */
  static List<Example> fourthHoldOut() {
    return holdOutPart(fourth());
  }

  /** Every mapped name of the fourth set. */
  static List<Example> fourth() {
    return of(FOURTH_SOURCES);
  }

  /** Every mapped name of the fifth set that no other set holds. */
  static List<Example> fifth() {
    Set<String> elsewhere = new HashSet<>();
    for (List<Example> set :
        List.of(
            real(),
            second(),
            third(),
            fourth(),
            team("labelled/dev.csv"),
            team("labelled/holdout.csv"))) {
      set.forEach(e -> elsewhere.add(ProductNames.normalize(e.name())));
    }
    return of(FIFTH_SOURCES).stream()
        .filter(e -> !elsewhere.contains(ProductNames.normalize(e.name())))
        .toList();
  }

  private static List<Example> of(List<Source> sources) {
    List<Example> names = new ArrayList<>();
    for (Source source : sources) {
      names.addAll(mapped(source.listing(), source.mapping()));
    }
    return List.copyOf(names);
  }

  /** Every mapped real name once (the first of a normalised duplicate), EXCLUDE left out. */
  static List<Example> real() {
    return mapped(REAL_LISTING, REAL_MAPPING);
  }

  private static List<Example> mapped(String listing, String mappingTable) {
    Map<String, String> mapping = new HashMap<>();
    for (String[] row : rows(mappingTable)) {
      mapping.put(row[0], row[2]);
    }
    Map<String, Example> byKey = new LinkedHashMap<>();
    for (String[] row : rows(listing)) {
      String label = mapping.get(row[0]);
      if (label == null) {
        throw new IllegalStateException(listing + ": no mapping for source category " + row[0]);
      }
      if (!label.equals("EXCLUDE")) {
        byKey.putIfAbsent(
            ProductNames.normalize(row[1]), new Example(row[1], Category.valueOf(label)));
      }
    }
    return List.copyOf(byKey.values());
  }

  /** The team's flyer-style sets ({@code labelled/dev.csv}, {@code labelled/holdout.csv}). */
  static List<Example> team(String resource) {
    List<Example> names = new ArrayList<>();
    boolean header = true;
    for (String line : lines(resource)) {
      if (header) {
        header = false;
        continue;
      }
      int comma = line.lastIndexOf(',');
      names.add(
          new Example(
              line.substring(0, comma).strip(),
              Category.valueOf(line.substring(comma + 1).strip())));
    }
    return names;
  }

  /** Tab-separated rows after the header line. */
  private static List<String[]> rows(String resource) {
    List<String> lines = lines(resource);
    return lines.subList(1, lines.size()).stream().map(l -> l.split("\t")).toList();
  }

  /** Non-blank, non-comment lines. */
  private static List<String> lines(String resource) {
    List<String> lines = new ArrayList<>();
    try (InputStream in = LabelledNames.class.getClassLoader().getResourceAsStream(resource);
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = reader.readLine()) != null; ) {
        if (!line.isBlank() && !line.startsWith("#")) {
          lines.add(line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return lines;
  }
}
