package dev.dongchimi.ai;

import dev.dongchimi.category.Category;
import java.util.List;
import java.util.Optional;

/**
 * The AI port of the import: two independent questions about one product. Implementations are
 * called concurrently and must be thread-safe; they throw {@link AiException} for what may pass
 * (rate limit, timeout, 5xx, a malformed answer) — the caller retries within a budget.
 */
public interface ProductAi {
  /** Part of the analysis cache's key: a new model or prompt invalidates cached answers. */
  String modelVersion();

  /** One of the catalog's 17 categories. */
  Category classify(String productName) throws AiException;

  /** The URL of the candidate that shows this product, or empty when none does. */
  Optional<String> matchImage(String productName, List<ImageCandidate> candidates)
      throws AiException;
}
