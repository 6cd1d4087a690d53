package dev.dongchimi.importer.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.importer.local.CategoryModel.Example;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped {@code category-training.tsv} is exactly the dev sets — the dev parts of the four
 * real sets and the team's {@code dev.csv}, never a hold-out — and training on it twice gives the
 * same model. Regenerate it after changing the dev data with
 *
 * <pre>./mvnw -q -B -o test -pl services/dongchimi/dongchimi-import -am \
 *   -Dtest=CategoryModelResourceTest -Dsurefire.failIfNoSpecifiedTests=false -Dcategory-model.write=true
 * </pre>
 */
class CategoryModelResourceTest {
  private static final Path SOURCE =
      Path.of("src/main/resources/dev/dongchimi/importer/category-training.tsv");

  static List<Example> trainingSet() {
    List<Example> examples = new ArrayList<>(LabelledNames.realDev());
    examples.addAll(LabelledNames.team("labelled/dev.csv"));
    examples.addAll(LabelledNames.secondDev());
    examples.addAll(LabelledNames.thirdDev());
    examples.addAll(LabelledNames.fourthDev());
    return examples;
  }

  @Test
  void shippedTrainingSetIsTheDevSets() throws IOException {
    StringWriter fresh = new StringWriter();
    CategoryModel.writeTraining(trainingSet(), fresh);
    String shipped;
    if (Boolean.getBoolean("category-model.write")) {
      Files.writeString(SOURCE, fresh.toString(), StandardCharsets.UTF_8);
      shipped = Files.readString(SOURCE, StandardCharsets.UTF_8);
    } else {
      try (InputStream in =
          CategoryModel.class.getResourceAsStream(CategoryModel.TRAINING_RESOURCE)) {
        shipped = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    }
    assertThat(shipped)
        .as("category-training.tsv is stale: regenerate it (command in this class's javadoc)")
        .isEqualTo(fresh.toString());
    assertThat(CategoryModel.readTraining()).hasSameSizeAs(trainingSet());
  }

  @Test
  void trainingTheSameExamplesTwiceGivesTheSameModel() {
    Lexicon lexicon = Lexicon.load();
    CategoryModel first = CategoryModel.train(trainingSet(), lexicon);
    CategoryModel second = CategoryModel.train(trainingSet(), lexicon);
    for (Example e : LabelledNames.realHoldOut()) {
      assertThat(second.probabilities(e.name())).containsExactly(first.probabilities(e.name()));
    }
  }
}
