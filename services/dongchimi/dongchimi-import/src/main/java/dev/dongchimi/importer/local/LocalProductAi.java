package dev.dongchimi.importer.local;

import dev.dongchimi.ProductNames;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.category.Category;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The local analyser: no network, deterministic. Classification by the Korean {@link Lexicon};
 * image matching picks the candidate whose title is the longest part of the product's name.
 */
public class LocalProductAi implements ProductAi {
  public static final String MODEL_VERSION = "local-lexicon-2";
  private final Lexicon lexicon;

  public LocalProductAi(Lexicon lexicon) {
    this.lexicon = lexicon;
  }

  @Override
  public String modelVersion() {
    return MODEL_VERSION;
  }

  @Override
  public Category classify(String productName) {
    return lexicon.classify(productName);
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
