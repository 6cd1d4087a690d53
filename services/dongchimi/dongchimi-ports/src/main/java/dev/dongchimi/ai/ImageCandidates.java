package dev.dongchimi.ai;

import java.util.List;

/** Where image candidates come from: a local catalog, or a shopping-search API. */
public interface ImageCandidates {
  /** At most a handful of candidates for a cleaned product name; empty when there are none. */
  List<ImageCandidate> find(String productName);
}
