package dev.dongchimi.adapter.ai.openai;

import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.category.Category;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the model is told. Any change to these texts must bump {@link #VERSION}: it is part of the
 * analysis cache's key, so answers given to an older prompt are not reused.
 */
final class Prompts {
  static final String VERSION = "prompt-1";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  static final String CLASSIFY = classifySystem();

  static final String MATCH_IMAGE =
      """
      You match products of a Korean neighbourhood mart's price list to pictures. You get a \
      product name and numbered candidate pictures (a title and a URL each). Choose the candidate \
      that shows this same kind of product; a candidate showing something else is no match. \
      Answer with a JSON object only: {"index": <the candidate's number>}, or {"index": 0} when \
      no candidate shows the product.""";

  private Prompts() {}

  private static String classifySystem() {
    StringBuilder s =
        new StringBuilder(
            """
            You classify products of a Korean neighbourhood mart's price list. You get one \
            product name (Korean, as printed on a flyer). Choose exactly one category code from \
            this list (code: Korean label):
            """);
    for (Category c : Category.values()) {
      s.append(c.name()).append(": ").append(c.label()).append('\n');
    }
    s.append(
        """
        Answer with a JSON object only: {"category": "<CODE>"}, using a code from the list \
        exactly as written; OTHER when no other code fits.""");
    return s.toString();
  }

  /** The name as a JSON string: quoted and escaped, so a name cannot pass for an instruction. */
  static String classify(String productName) {
    return "상품명: " + JSON.writeValueAsString(productName);
  }

  /** Candidates numbered from 1; 0 is "none". */
  static String matchImage(String productName, List<ImageCandidate> candidates) {
    StringBuilder s = new StringBuilder("상품명: ").append(JSON.writeValueAsString(productName));
    s.append("\n후보:\n");
    for (int i = 0; i < candidates.size(); i++) {
      ImageCandidate c = candidates.get(i);
      s.append(i + 1)
          .append(". ")
          .append(JSON.writeValueAsString(c.title()))
          .append(' ')
          .append(c.url())
          .append('\n');
    }
    return s.toString();
  }
}
