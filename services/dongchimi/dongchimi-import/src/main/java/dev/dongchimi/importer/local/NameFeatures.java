package dev.dongchimi.importer.local;

import java.util.ArrayList;
import java.util.List;

/**
 * What the statistical model sees of a name: its nouns (Nori, flavour words out), the head noun
 * once more as its own feature, and the character 1–3-grams of every noun with word boundaries,
 * which carry the model to words it never saw ("꿀고구마" shares 고구, 구마 with 고구마). The head's grams are
 * counted apart too, so the end of a compound weighs more than what it is made of. Then the words
 * as written and their 2–4-grams, for what Nori does not read as a noun ("팡오쇼콜라", "스파클링"), and the
 * last word once more, since a Korean name ends with what the product is ("자몽 스파클링").
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
      grams(noun, "g:", 1, 3, features);
    }
    String head = nouns.getLast();
    features.add("h:" + head);
    grams(head, "hg:", 1, 3, features);
    String last = "";
    for (String word : text.split(" ")) {
      if (!word.isEmpty()) {
        features.add("t:" + word);
        grams(word, "x:", 2, 4, features);
        last = word;
      }
    }
    if (!last.isEmpty()) {
      features.add("lt:" + last);
      grams(last, "lx:", 2, 4, features);
    }
    return features;
  }

  private static void grams(
      String word, String prefix, int shortest, int longest, List<String> out) {
    String padded = "^" + word + "$";
    for (int n = shortest; n <= longest; n++) {
      for (int i = 0; i + n <= padded.length(); i++) {
        String gram = padded.substring(i, i + n);
        if (!gram.equals("^") && !gram.equals("$")) {
          out.add(prefix + gram);
        }
      }
    }
  }
}
