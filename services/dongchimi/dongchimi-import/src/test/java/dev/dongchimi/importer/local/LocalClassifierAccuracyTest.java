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
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The local classifier's accuracy report: top-1 and per-category precision and recall on the real
 * hold-out (Market Kurly listings labelled by the store's own category, {@code
 * labelled/real/README.md}), on the second real set's hold-out (the food regulator's and Daiso's
 * own categories, {@code labelled/real2/README.md}), on the third and fourth sets' hold-outs (a
 * later Kurly crawl, {@code labelled/real3/README.md}; more of the regulator's names, {@code
 * labelled/real4/README.md}), on the team's flyer-style hold-out, and by 5-fold cross-validation on
 * each dev set (the model retrained without the fold it is measured on). Each name goes through the
 * import's own preprocessing first, as in {@code ImportHandler}: the classifier sees {@link
 * ProductNames.Cleaned#baseName()}. The hold-outs were never tuned on; only the dev sets print the
 * names they miss, so a hold-out's errors are not read one by one. The floors sit a little below
 * the measured figures (README, 동치미 import, has them with the date).
 */
class LocalClassifierAccuracyTest {
  private static final int FOLDS = 5;

  /**
   * Below the 83.0 % measured on 2026-12-06 (81.6 % when it was first read, before the third and
   * fourth sets; README, 동치미 import).
   */
  private static final double SECOND_HOLD_OUT_FLOOR = 0.79;

  /** Below the 87.5 % measured once on 2026-12-06 (README, 동치미 import). */
  private static final double THIRD_HOLD_OUT_FLOOR = 0.85;

  /** Below the 86.3 % measured once on 2026-12-06. */
  private static final double FOURTH_HOLD_OUT_FLOOR = 0.84;

  /** Below the 87.6 % measured on 2026-12-06. */
  private static final double THIRD_DEV_FLOOR = 0.85;

  /** Below the 83.1 % measured on 2026-12-06. */
  private static final double FOURTH_DEV_FLOOR = 0.81;

  /** Below the 78.6 % measured once on 2026-12-07, the model never trained on the set. */
  private static final double FIFTH_SET_FLOOR = 0.76;

  private final LocalProductAi ai = new LocalProductAi(Lexicon.load());

  /**
   * Measured 258/303 = 85.1 % (2026-12-06, trained also on the second set's dev part, and again
   * 85.1 % with the third and fourth sets' dev parts; 87.1 % on 2026-12-03 without them, 85.8 %
   * with the naive Bayes), below the aim of 90 %: the floor is the earlier floor, which the
   * fall left almost no margin above, not the aim. This hold-out has now been read five times.
   */
  @Test
  void realHoldOut() {
    assertThat(measure("real hold-out", LabelledNames.realHoldOut(), n -> ai.classify(n), false))
        .isGreaterThanOrEqualTo(0.85);
  }

  /**
   * Measured 250/265 = 94.3 % (2026-12-06, four real sets' dev parts; 248/265 = 93.6 % with two,
   * 249/265 = 94.0 % on 2026-12-03): 95.1 % with the lexicon alone, 81.9 % when the naive Bayes,
   * sure of every answer, overruled the lexicon's keywords.
   */
  @Test
  void teamHoldOut() {
    assertThat(
            measure(
                "team holdout.csv",
                LabelledNames.team("labelled/holdout.csv"),
                n -> ai.classify(n),
                false))
        .isGreaterThanOrEqualTo(0.92);
  }

  /**
   * The second real set's hold-out (the food regulator's processed-food names by food type, Daiso's
   * 3M items by shelf; {@code labelled/real2/README.md}): a source whose names read nothing like a
   * store's. Before its dev part was trained on, the shipped model got 542/987 = 54.9 % of the
   * whole set (2026-12-06), which is what an unseen naming style costs. Trained on the dev part:
   * 240/294 = 81.6 % (2026-12-06, evaluated once); 244/294 = 83.0 % once the third and fourth sets'
   * dev parts were trained on too.
   */
  @Test
  void secondHoldOut() {
    assertThat(
            measure(
                "second real hold-out", LabelledNames.secondHoldOut(), n -> ai.classify(n), false))
        .isGreaterThanOrEqualTo(SECOND_HOLD_OUT_FLOOR);
  }

  /**
   * Measured 642/737 = 87.1 % with the other four dev sets (648/737 with two, 646/737 with one).
   * The real dev part, each fold classified by a model trained without it (and the other dev sets).
   */
  @Test
  void realDevCrossValidated() {
    assertThat(
            crossValidate(
                "real dev, 5-fold", LabelledNames.realDev(), devSetsBut(LabelledNames.realDev())))
        .isGreaterThanOrEqualTo(0.86);
  }

  /**
   * Measured 249/260 = 95.8 % with the four real dev sets (252/260 with two, 249/260 with one). The
   * team's dev.csv, each fold classified by a model trained without it (and the other dev sets).
   */
  @Test
  void teamDevCrossValidated() {
    assertThat(crossValidate("team dev.csv, 5-fold", teamDev(), devSetsBut(teamDev())))
        .isGreaterThanOrEqualTo(0.93);
  }

  /**
   * Measured 569/693 = 82.1 % (555/693 = 80.1 % before the third and fourth sets). The second real
   * set's dev part, each fold classified by a model trained without it (and the other dev sets).
   * Its names come in runs of one maker's line (a chocolatier's 프랄린, a gelato maker's flavours), so
   * a fold often holds a sibling of a name it is tested on.
   */
  @Test
  void secondDevCrossValidated() {
    assertThat(
            crossValidate(
                "second real dev, 5-fold",
                LabelledNames.secondDev(),
                devSetsBut(LabelledNames.secondDev())))
        .isGreaterThanOrEqualTo(0.78);
  }

  /**
   * The third real set's hold-out: a later crawl of Market Kurly by another team ({@code
   * labelled/real3/README.md}). Before its dev part was trained on, the shipped model got 802/986 =
   * 81.3 % of the whole set and 248/303 = 81.8 % of this part (2026-12-06). Trained on the dev
   * part: 265/303 = 87.5 % (2026-12-06, evaluated once).
   */
  @Test
  void thirdHoldOut() {
    assertThat(
            measure(
                "third real hold-out", LabelledNames.thirdHoldOut(), n -> ai.classify(n), false))
        .isGreaterThanOrEqualTo(THIRD_HOLD_OUT_FLOOR);
  }

  /**
   * The fourth real set's hold-out: more of the regulator's processed-food names, other slices of
   * the database ({@code labelled/real4/README.md}). Before its dev part was trained on, the
   * shipped model got 774/1148 = 67.4 % of the whole set (2026-12-06). Trained on the dev part:
   * 290/336 = 86.3 % (2026-12-06, evaluated once).
   */
  @Test
  void fourthHoldOut() {
    assertThat(
            measure(
                "fourth real hold-out", LabelledNames.fourthHoldOut(), n -> ai.classify(n), false))
        .isGreaterThanOrEqualTo(FOURTH_HOLD_OUT_FLOOR);
  }

  /**
   * Measured 598/683 = 87.6 %. The third real set's dev part, each fold classified by a model
   * trained without it (and the other dev sets).
   */
  @Test
  void thirdDevCrossValidated() {
    assertThat(
            crossValidate(
                "third real dev, 5-fold",
                LabelledNames.thirdDev(),
                devSetsBut(LabelledNames.thirdDev())))
        .isGreaterThanOrEqualTo(THIRD_DEV_FLOOR);
  }

  /**
   * Measured 675/812 = 83.1 %. The fourth real set's dev part, each fold classified by a model
   * trained without it (and the other dev sets).
   */
  @Test
  void fourthDevCrossValidated() {
    assertThat(
            crossValidate(
                "fourth real dev, 5-fold",
                LabelledNames.fourthDev(),
                devSetsBut(LabelledNames.fourthDev())))
        .isGreaterThanOrEqualTo(FOURTH_DEV_FLOOR);
  }

  /**
   * The fifth real set, whole: Coupang's food listing, a store none of the training sets comes
   * from, classified by the shipped model, which has seen none of its names ({@code
   * labelled/real5/README.md}). Its misses are not printed: the set is not tuned on. Measured once,
   * 978/1244 = 78.6 % (2026-12-07, {@code local-hybrid-4}); the largest confusions are the store's
   * shelves against the team's rules (milk and soy milk on Coupang's drinks shelf, packaged cakes
   * on its snack shelf, sausages on its meat shelf).
   */
  @Test
  void fifthSetFromAnUnseenStore() {
    List<Example> fifth = LabelledNames.fifth();
    assertThat(fifth).hasSizeGreaterThanOrEqualTo(1000);
    assertThat(measure("fifth real set (Coupang, unseen store)", fifth, n -> ai.classify(n), false))
        .isGreaterThanOrEqualTo(FIFTH_SET_FLOOR);
  }

  @Test
  void theThirdAndFourthSetsAreSplitBeforeUse() {
    for (List<Example> set : List.of(LabelledNames.third(), LabelledNames.fourth())) {
      assertThat(set).hasSizeGreaterThanOrEqualTo(900);
    }
    assertThat(LabelledNames.thirdHoldOut().size())
        .isBetween(LabelledNames.third().size() / 5, LabelledNames.third().size() * 2 / 5);
    assertThat(LabelledNames.fourthHoldOut().size())
        .isBetween(LabelledNames.fourth().size() / 5, LabelledNames.fourth().size() * 2 / 5);
    assertThat(LabelledNames.thirdDev()).doesNotContainAnyElementsOf(LabelledNames.thirdHoldOut());
    assertThat(LabelledNames.fourthDev())
        .doesNotContainAnyElementsOf(LabelledNames.fourthHoldOut());
  }

  @Test
  void theRealSetHoldsAThousandNamesSplitBeforeUse() {
    assertThat(LabelledNames.real()).hasSizeGreaterThanOrEqualTo(1000);
    assertThat(LabelledNames.realHoldOut().size())
        .isBetween(LabelledNames.real().size() / 5, LabelledNames.real().size() * 2 / 5);
    assertThat(LabelledNames.realDev()).doesNotContainAnyElementsOf(LabelledNames.realHoldOut());
  }

  @Test
  void theSecondSetIsSplitBeforeUse() {
    assertThat(LabelledNames.second()).hasSizeGreaterThanOrEqualTo(900);
    assertThat(LabelledNames.secondHoldOut().size())
        .isBetween(LabelledNames.second().size() / 5, LabelledNames.second().size() * 2 / 5);
    assertThat(LabelledNames.secondDev())
        .doesNotContainAnyElementsOf(LabelledNames.secondHoldOut());
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
   * The import classifies thousands of rows: names per second, every real name 5 times over. The
   * floor allows for a loaded 2-core machine.
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

  private static List<Example> teamDev() {
    return LabelledNames.team("labelled/dev.csv");
  }

  /** Every dev set but {@code set}: what a fold of {@code set} is trained on beside its folds. */
  private static List<Example> devSetsBut(List<Example> set) {
    List<Example> all = new ArrayList<>();
    for (List<Example> dev :
        List.of(
            teamDev(),
            LabelledNames.realDev(),
            LabelledNames.secondDev(),
            LabelledNames.thirdDev(),
            LabelledNames.fourthDev())) {
      if (!dev.equals(set)) {
        all.addAll(dev);
      }
    }
    return all;
  }

  /**
   * Classifies each fold of {@code names} with a model trained on the other folds and {@code also}.
   */
  private static double crossValidate(String set, List<Example> names, List<Example> also) {
    Lexicon lexicon = Lexicon.load();
    List<Category> answers = new ArrayList<>();
    List<Example> ordered = new ArrayList<>();
    for (int fold = 0; fold < FOLDS; fold++) {
      List<Example> train = new ArrayList<>(also);
      List<Example> test = new ArrayList<>();
      for (Example e : names) {
        (LabelledNames.fold(e.name(), FOLDS) == fold ? test : train).add(e);
      }
      LocalProductAi foldAi = new LocalProductAi(lexicon, CategoryModel.train(train, lexicon));
      for (Example e : test) {
        ordered.add(e);
        answers.add(foldAi.classify(ProductNames.clean(e.name()).baseName()));
      }
    }
    return report(set, ordered, answers::get, true);
  }

  private static double measure(
      String set, List<Example> names, Function<String, Category> classify, boolean showMisses) {
    List<Category> answers = new ArrayList<>();
    for (Example n : names) {
      answers.add(classify.apply(ProductNames.clean(n.name()).baseName()));
    }
    return report(set, names, answers::get, showMisses);
  }

  /** The classifier's answer for the name at an index. */
  private interface IntAnswers {
    Category get(int index);
  }

  /** Prints the report and answers the share of names classified as labelled. */
  private static double report(
      String set, List<Example> names, IntAnswers answers, boolean showMisses) {
    Map<Category, int[]> perCategory = new EnumMap<>(Category.class);
    Map<String, Integer> confusions = new TreeMap<>();
    List<String> misses = new ArrayList<>();
    int right = 0;
    for (int i = 0; i < names.size(); i++) {
      Example n = names.get(i);
      Category got = answers.get(i);
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
    if (showMisses) {
      report.append("misclassified:%n".formatted());
      misses.forEach(m -> report.append(m).append(System.lineSeparator()));
    }
    System.out.print(report);
    return accuracy;
  }
}
