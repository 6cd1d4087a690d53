package dev.dongchimi.importer.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.ProductNames;
import dev.dongchimi.category.Category;
import dev.dongchimi.importer.local.CategoryModel.Example;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The local classifier's accuracy report: top-1 on the real names (Market Kurly listings labelled
 * by the store's own category, {@code labelled/real/README.md}) — dev and hold-out — and on the
 * team's flyer-style sets; per-category precision and recall, the confusion pairs, names per
 * second. Each name goes through the import's own preprocessing first, as in {@code ImportHandler}:
 * the classifier sees {@link ProductNames.Cleaned#baseName()}. The floors sit a little below the
 * measured figures (README, 동치미 import, has them with the date); the hold-out sets were never tuned
 * on.
 */
class LocalClassifierAccuracyTest {
  private final LocalProductAi ai = new LocalProductAi(Lexicon.load());

  /**
   * Measured 260/303 = 85.8 % (2026-12-02), below the aim of 90 %: the floor is that figure
   * less a small margin, not the aim. The lexicon alone reached 68.4 % on the real dev names.
   */
  @Test
  void realHoldOut() {
    assertThat(measure("real hold-out", LabelledNames.realHoldOut())).isGreaterThanOrEqualTo(0.83);
  }

  /** The model was trained on these: the figure says what it learnt, not how it generalises. */
  @Test
  void realDev() {
    assertThat(measure("real dev (trained on)", LabelledNames.realDev()))
        .isGreaterThanOrEqualTo(0.96);
  }

  @Test
  void teamDev() {
    assertThat(measure("team dev.csv (trained on)", LabelledNames.team("labelled/dev.csv")))
        .isGreaterThanOrEqualTo(0.97);
  }

  /**
   * Measured 217/265 = 81.9 % with the combined classifier, against 95.1 % for the lexicon alone:
   * on the team's flyer-style names the model overrules keywords the lexicon was built for.
   * Reported, not tuned away (a hold-out error must not drive a change); ADR 0015 says what to try
   * next.
   */
  @Test
  void teamHoldOut() {
    assertThat(measure("team holdout.csv", LabelledNames.team("labelled/holdout.csv")))
        .isGreaterThanOrEqualTo(0.79);
  }

  @Test
  void theRealSetHoldsAThousandNamesSplitBeforeUse() {
    assertThat(LabelledNames.real()).hasSizeGreaterThanOrEqualTo(1000);
    assertThat(LabelledNames.realHoldOut().size())
        .isBetween(LabelledNames.real().size() / 5, LabelledNames.real().size() * 2 / 5);
    assertThat(LabelledNames.realDev()).doesNotContainAnyElementsOf(LabelledNames.realHoldOut());
  }

  @Test
  void everyTeamSetCoversEveryCategory() {
    for (String set : List.of("labelled/dev.csv", "labelled/holdout.csv")) {
      List<Example> names = LabelledNames.team(set);
      assertThat(names).as(set).hasSizeGreaterThanOrEqualTo(170);
      for (Category c : Category.values()) {
        assertThat(names.stream().filter(n -> n.category() == c).count())
            .as("%s: names labelled %s", set, c)
            .isGreaterThanOrEqualTo(10);
      }
    }
  }

  /**
   * The import classifies thousands of rows: names per second, every real name 5 times over. 273
   * and 453 names/s measured at load average 28 and 24 on 2 cores (six builds at once); the floor
   * allows for such load.
   */
  @Test
  void classifiesThousandsOfNamesASecond() {
    List<String> names =
        LabelledNames.real().stream().map(e -> ProductNames.clean(e.name()).baseName()).toList();
    names.forEach(ai::classify);
    long start = System.nanoTime();
    int done = 0;
    for (int round = 0; round < 5; round++) {
      for (String name : names) {
        ai.classify(name);
        done++;
      }
    }
    double perSecond = done / ((System.nanoTime() - start) / 1e9);
    System.out.printf("%nlocal classifier: %.0f names/s (%d names)%n", perSecond, done);
    assertThat(perSecond).isGreaterThan(100);
  }

  /** Prints the report and answers the share of names classified as labelled. */
  private double measure(String set, List<Example> names) {
    Map<Category, int[]> perCategory = new EnumMap<>(Category.class);
    Map<String, Integer> confusions = new TreeMap<>();
    List<String> misses = new ArrayList<>();
    int right = 0;
    for (Example n : names) {
      String seen = ProductNames.clean(n.name()).baseName();
      Category got = ai.classify(seen);
      perCategory.computeIfAbsent(n.category(), c -> new int[3])[1]++;
      perCategory.computeIfAbsent(got, c -> new int[3])[2]++;
      if (got == n.category()) {
        right++;
        perCategory.get(got)[0]++;
      } else {
        confusions.merge(n.category() + " → " + got, 1, Integer::sum);
        misses.add("  %-50s expected %s, got %s".formatted(n.name(), n.category(), got));
      }
    }
    double accuracy = (double) right / names.size();
    StringBuilder report = new StringBuilder();
    report.append("%n%s: %d/%d = %.1f %%%n".formatted(set, right, names.size(), 100 * accuracy));
    report.append("  %-12s %9s %9s %6s%n".formatted("category", "precision", "recall", "names"));
    perCategory.forEach(
        (c, counts) ->
            report.append(
                "  %-12s %8s %8s %6d%n"
                    .formatted(
                        c,
                        counts[2] == 0 ? "-" : "%.1f%%".formatted(100.0 * counts[0] / counts[2]),
                        counts[1] == 0 ? "-" : "%.1f%%".formatted(100.0 * counts[0] / counts[1]),
                        counts[1])));
    report.append("confusion pairs (expected → got):%n".formatted());
    confusions.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
        .limit(12)
        .forEach(e -> report.append("  %3d  %s%n".formatted(e.getValue(), e.getKey())));
    report.append("misclassified:%n".formatted());
    misses.forEach(m -> report.append(m).append(System.lineSeparator()));
    System.out.print(report);
    return accuracy;
  }
}
