package dev.dongchimi.importer.local;

import dev.dongchimi.ProductNames;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.category.Category;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The local analyser: no network, deterministic. Classification combines two readers of the name:
 * the statistical {@link CategoryModel} (softmax regression over Nori nouns, words and character
 * n-grams, trained on real listing names and the lexicon's words) gives each category a
 * probability, and the Korean {@link Lexicon}'s keyword, when the name holds one, adds {@link
 * #LEXICON_WEIGHT} to its category; the best sum wins. So a keyword decides when the model is
 * unsure, and a model that is sure of another category overrules it (docs/adr/0015 gives the
 * figures that chose this). Image matching picks the candidate whose title is the longest part of
 * the product's name.
 */
public class LocalProductAi implements ProductAi {
  public static final String MODEL_VERSION = "local-hybrid-4";

  /**
   * What a lexicon keyword adds to its category's probability. Chosen by 5-fold cross-validation on
   * the dev sets (ADR 0015): at 0.3 the real listing names lost 0.8 points against the model alone
   * (87.7 % against 88.5 %) and the team's flyer-style names gained 3.1 (95.8 % against 92.7 %);
   * 0.5 traded another 0.6 points of real names for 0.7 of flyer names.
   */
  static final double LEXICON_WEIGHT = 0.3;

  private final Lexicon lexicon;
  private final CategoryModel model;

  /** With the shipped model (trained once per JVM on {@code category-training.tsv}). */
  public LocalProductAi(Lexicon lexicon) {
    this(lexicon, CategoryModel.load());
  }

  public LocalProductAi(Lexicon lexicon, CategoryModel model) {
    this.lexicon = lexicon;
    this.model = model;
  }

  @Override
  public String modelVersion() {
    return MODEL_VERSION;
  }

  @Override
  public Category classify(String productName) {
    double[] score = model.probabilities(productName);
    lexicon.keyword(productName).ifPresent(k -> score[k.ordinal()] += LEXICON_WEIGHT);
    int best = 0;
    for (int c = 1; c < score.length; c++) {
      if (score[c] > score[best]) {
        best = c;
      }
    }
    return Category.values()[best];
  }

  @Override
  public Optional<String> matchImage(String productName, List<ImageCandidate> candidates) {
    String key = ProductNames.normalize(productName);
    return candidates.stream()
        .filter(c -> key.contains(ProductNames.normalize(c.title())))
        .max(Comparator.comparingInt(c -> ProductNames.normalize(c.title()).length()))
        .map(ImageCandidate::url);
  }
}
