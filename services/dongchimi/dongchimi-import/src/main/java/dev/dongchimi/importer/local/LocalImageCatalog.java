package dev.dongchimi.importer.local;

import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ImageCandidates;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A stock picture per lexicon keyword under a base URL (e.g. a CDN folder of generic product
 * photos), or no candidate at all when no base URL is set — the embedded default: every product
 * then gets its generated placeholder instead of a link to nothing. A shopping-search API can take
 * its place.
 */
public class LocalImageCatalog implements ImageCandidates {
  private final Lexicon lexicon;
  private final String baseUrl;

  /** {@code baseUrl} null or blank: no candidates. */
  public LocalImageCatalog(Lexicon lexicon, String baseUrl) {
    this.lexicon = lexicon;
    this.baseUrl =
        baseUrl == null || baseUrl.isBlank()
            ? null
            : baseUrl.endsWith("/") ? baseUrl : baseUrl + "/";
  }

  @Override
  public List<ImageCandidate> find(String productName) {
    if (baseUrl == null) {
      return List.of();
    }
    return lexicon.found(productName).stream()
        .limit(3)
        .map(
            e ->
                new ImageCandidate(
                    baseUrl
                        + e.category().name().toLowerCase()
                        + "/"
                        + URLEncoder.encode(e.keyword(), StandardCharsets.UTF_8)
                        + ".jpg",
                    e.keyword()))
        .toList();
  }
}
