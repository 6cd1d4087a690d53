package dev.dongchimi.importer.local;

import dev.dongchimi.category.Category;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Multinomial logistic regression (softmax) over {@link NameFeatures}, trained by stochastic
 * gradient descent with L2 decay on labelled listing names plus every {@link Lexicon} keyword as a
 * one-word example, so the character n-grams of the word list reach compounds and spellings it does
 * not hold ("꿀고구마", "크로아상").
 *
 * <p>It replaced a naive Bayes (ADR 0015) whose posteriors were 0.9999 or more on almost every
 * name, right or wrong — a hundred-odd overlapping n-grams counted as independent evidence — so no
 * threshold could tell a sure model from a lucky one, and on flyer-style names it overruled the
 * lexicon's correct keywords (the team hold-out fell from 95.1 % to 81.9 %). Fitted jointly, the
 * softmax weights share the evidence of correlated n-grams and the probability means something.
 *
 * <p>What ships is the training set ({@code category-training.tsv}: the dev parts of the four real
 * sets and the team's {@code dev.csv}, never a hold-out; {@code CategoryModelResourceTest} keeps it
 * equal to them), not weights: training takes about a second and is deterministic (a fixed seed
 * orders the examples, {@link StrictMath} does the exponentials), so the model is trained once per
 * JVM on first use.
 */
public final class CategoryModel {
  static final String TRAINING_RESOURCE = "/dev/dongchimi/importer/category-training.tsv";

  private static final Category[] CATEGORIES = Category.values();

  /** Passes, first learning rate and L2 decay: chosen by 5-fold cross-validation on dev. */
  static final int EPOCHS = 30;

  static final double RATE = 1.0;
  static final double DECAY = 1e-5;

  /** One labelled name. */
  public record Example(String name, Category category) {}

  /** The model's answer: the best category and its probability. */
  public record Prediction(Category category, double probability) {}

  private final Map<String, double[]> weights;
  private final double[] bias;

  private CategoryModel(Map<String, double[]> weights, double[] bias) {
    this.weights = weights;
    this.bias = bias;
  }

  /** The shipped model: the shipped training set and the shipped lexicon's keywords. */
  public static CategoryModel load() {
    return Shipped.MODEL;
  }

  private static final class Shipped {
    static final CategoryModel MODEL = train(readTraining(), Lexicon.load());
  }

  /** Trains on the examples and on each of the lexicon's keywords as a one-word example. */
  public static CategoryModel train(List<Example> examples, Lexicon lexicon) {
    List<Example> all = new ArrayList<>(examples);
    for (Lexicon.Entry e : lexicon.entries()) {
      all.add(new Example(e.keyword(), e.category()));
    }
    return train(all);
  }

  /** Trains on the examples alone. */
  static CategoryModel train(List<Example> examples) {
    int k = CATEGORIES.length;
    Map<String, double[]> weights = new HashMap<>();
    double[] bias = new double[k];
    List<List<double[]>> rows = new ArrayList<>();
    int[] labels = new int[examples.size()];
    for (int i = 0; i < examples.size(); i++) {
      List<double[]> row = new ArrayList<>();
      for (String f : new LinkedHashSet<>(NameFeatures.of(examples.get(i).name()))) {
        row.add(weights.computeIfAbsent(f, x -> new double[k]));
      }
      rows.add(row);
      labels[i] = examples.get(i).category().ordinal();
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      order.add(i);
    }
    Random random = new Random(18);
    double[] p = new double[k];
    for (int epoch = 0; epoch < EPOCHS; epoch++) {
      Collections.shuffle(order, random);
      double rate = RATE / (1 + epoch * 0.2);
      for (int i : order) {
        List<double[]> row = rows.get(i);
        scores(row, bias, p);
        softmax(p);
        p[labels[i]] -= 1;
        // The features are binary: scale the step by the row's length so long names don't dominate.
        double step = rate / Math.sqrt(row.size() + 1);
        for (double[] w : row) {
          for (int c = 0; c < k; c++) {
            w[c] -= step * (p[c] + DECAY * w[c]);
          }
        }
        for (int c = 0; c < k; c++) {
          bias[c] -= step * p[c];
        }
      }
    }
    return new CategoryModel(weights, bias);
  }

  public Prediction predict(String name) {
    double[] p = probabilities(name);
    int best = 0;
    for (int c = 1; c < p.length; c++) {
      if (p[c] > p[best]) {
        best = c;
      }
    }
    return new Prediction(CATEGORIES[best], p[best]);
  }

  /** The probability of each category, indexed by {@link Category#ordinal()}. */
  double[] probabilities(String name) {
    List<double[]> row = new ArrayList<>();
    for (String f : new LinkedHashSet<>(NameFeatures.of(name))) {
      double[] w = weights.get(f);
      if (w != null) {
        row.add(w);
      }
    }
    double[] p = new double[CATEGORIES.length];
    scores(row, bias, p);
    softmax(p);
    return p;
  }

  /** Writes a training set in the resource format: one {@code CATEGORY<tab>name} line each. */
  public static void writeTraining(List<Example> examples, Writer out) throws IOException {
    out.write(
        "# Training names of the local classifier (CategoryModel): the dev parts of the real sets"
            + " and the team's dev.csv; generated by CategoryModelResourceTest, do not edit.\n");
    for (Example e : examples) {
      out.write(e.category().name() + "\t" + e.name() + "\n");
    }
  }

  static List<Example> readTraining() {
    List<Example> examples = new ArrayList<>();
    try (InputStream in = CategoryModel.class.getResourceAsStream(TRAINING_RESOURCE);
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = reader.readLine()) != null; ) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        int tab = line.indexOf('\t');
        examples.add(
            new Example(line.substring(tab + 1), Category.valueOf(line.substring(0, tab))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return examples;
  }

  private static void scores(List<double[]> row, double[] bias, double[] out) {
    System.arraycopy(bias, 0, out, 0, out.length);
    for (double[] w : row) {
      for (int c = 0; c < out.length; c++) {
        out[c] += w[c];
      }
    }
  }

  private static void softmax(double[] s) {
    double max = Double.NEGATIVE_INFINITY;
    for (double v : s) {
      max = Math.max(max, v);
    }
    double sum = 0;
    for (int c = 0; c < s.length; c++) {
      s[c] = StrictMath.exp(s[c] - max);
      sum += s[c];
    }
    for (int c = 0; c < s.length; c++) {
      s[c] /= sum;
    }
  }
}
