package dev.dongchimi.ai;

import java.util.List;

/** Where image candidates come from: a local catalog, or a shopping-search API. */
public interface ImageCandidates {
  /**
   * At most a handful of candidates for a cleaned product name; empty when there are none.
   *
   * @throws AiException when a remote source fails in a way that may pass (rate limit, 5xx): the
   *     caller retries within its budget, as for the AI
   */
  List<ImageCandidate> find(String productName) throws AiException;
}
