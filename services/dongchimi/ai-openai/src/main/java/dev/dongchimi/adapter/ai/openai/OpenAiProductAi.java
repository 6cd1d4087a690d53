package dev.dongchimi.adapter.ai.openai;

import dev.dongchimi.ai.AiException;
import dev.dongchimi.ai.AiException.Kind;
import dev.dongchimi.ai.AiRefusedException;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ProductAi;
import dev.dongchimi.category.Category;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The import's AI over an OpenAI-compatible chat API ({@code POST {baseUrl}/chat/completions}, JSON
 * mode, temperature 0). Each question is one call; failures are reported, never retried here: the
 * import's analyser retries within its budget under the shared cap. A refusal that will not pass (a
 * wrong key, an unknown model) is an {@link AiRefusedException}, which ends the attempt.
 */
public final class OpenAiProductAi implements ProductAi {
  private final OpenAiSettings settings;
  private final ChatCompletions chat;

  public OpenAiProductAi(OpenAiSettings settings) {
    this(settings, Clock.systemUTC());
  }

  /** With the clock that turns an HTTP-date Retry-After into a wait. */
  public OpenAiProductAi(OpenAiSettings settings, Clock clock) {
    this.settings = settings;
    this.chat = new ChatCompletions(settings, clock);
  }

  @Override
  public String modelVersion() {
    return "openai:" + settings.model() + ":" + Prompts.VERSION;
  }

  @Override
  public Category classify(String productName) throws AiException {
    JsonNode category = chat.ask(Prompts.CLASSIFY, Prompts.classify(productName)).path("category");
    if (!category.isString()) {
      throw new AiException(Kind.BAD_RESPONSE, "no category in the answer for " + productName);
    }
    String answer = category.stringValue().strip();
    for (Category c : Category.values()) {
      // The code as asked; a model that answers with the Korean label means the same.
      if (c.name().equalsIgnoreCase(answer) || c.label().equals(answer)) {
        return c;
      }
    }
    throw new AiException(
        Kind.BAD_RESPONSE, "unknown category '" + answer + "' for " + productName);
  }

  @Override
  public Optional<String> matchImage(String productName, List<ImageCandidate> candidates)
      throws AiException {
    if (candidates.isEmpty()) {
      return Optional.empty();
    }
    JsonNode index =
        chat.ask(Prompts.MATCH_IMAGE, Prompts.matchImage(productName, candidates)).path("index");
    if (index.isNull()) {
      return Optional.empty();
    }
    if (!index.isIntegralNumber() || !index.canConvertToInt()) {
      throw new AiException(Kind.BAD_RESPONSE, "no candidate index in the answer: " + index);
    }
    int chosen = index.intValue();
    if (chosen == 0) {
      return Optional.empty();
    }
    if (chosen < 1 || chosen > candidates.size()) {
      throw new AiException(
          Kind.BAD_RESPONSE,
          "candidate " + chosen + " does not exist (1.." + candidates.size() + ")");
    }
    return Optional.of(candidates.get(chosen - 1).url());
  }
}
