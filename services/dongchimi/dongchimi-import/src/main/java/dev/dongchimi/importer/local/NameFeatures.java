package dev.dongchimi.importer.local;

import java.util.ArrayList;
import java.util.List;

/**
 * What the statistical model sees of a name: its nouns (Nori, flavour words out), the head noun
 * once more as its own feature, and the character 1–3-grams of every noun with word boundaries,
 * which carry the model to words it never saw ("꿀고구마" shares 고구, 구마 with 고구마). The head's grams are
 * counted apart too, so the end of a compound weighs more than what it is made of.
 */
final class NameFeatures {
  private NameFeatures() {}

  static List<String> of(String name) {
    String text = ClassifierText.of(name);
    List<String> nouns = Morphemes.nouns(text);
    if (nouns.isEmpty()) {
      nouns = List.of(text.replace(" ", ""));
    }
    List<String> features = new ArrayList<>();
    for (String noun : nouns) {
      features.add("w:" + noun);
      grams(noun, "g:", features);
    }
    String head = nouns.getLast();
    features.add("h:" + head);
    grams(head, "hg:", features);
    return features;
  }

  private static void grams(String word, String prefix, List<String> out) {
    String padded = "^" + word + "$";
    for (int n = 1; n <= 3; n++) {
      for (int i = 0; i + n <= padded.length(); i++) {
        String gram = padded.substring(i, i + n);
        if (!gram.equals("^") && !gram.equals("$")) {
          out.add(prefix + gram);
        }
      }
    }
  }
}
