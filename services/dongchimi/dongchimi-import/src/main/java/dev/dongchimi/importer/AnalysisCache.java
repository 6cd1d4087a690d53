package dev.dongchimi.importer;

import dev.dongchimi.category.Category;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * AI answers by (normalised name, model version): a re-run, a retry or the same product at another
 * mart costs no AI call. Writes commit on their own (not with the import) so a failed attempt keeps
 * what it paid for.
 */
public class AnalysisCache {
  private static final int BATCH = 1000;
  private final JdbcClient jdbc;
  private final TransactionTemplate own;

  public AnalysisCache(JdbcClient jdbc, PlatformTransactionManager transactions) {
    this.jdbc = jdbc;
    this.own = new TransactionTemplate(transactions);
    this.own.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
  }

  Map<String, Analyser.Analysis> find(List<String> keys, String model) {
    Map<String, Analyser.Analysis> found = new HashMap<>();
    for (int i = 0; i < keys.size(); i += BATCH) {
      List<String> batch = keys.subList(i, Math.min(keys.size(), i + BATCH));
      own.executeWithoutResult(
          s ->
              jdbc.sql(
                      """
                      select match_key, category, image_url from dongchimi_import_analysis
                       where model_version = :model and match_key = any(:keys)
                      """)
                  .param("model", model)
                  .param("keys", batch.toArray(String[]::new))
                  .query(
                      (rs, n) ->
                          found.put(
                              rs.getString(1),
                              new Analyser.Analysis(
                                  Category.valueOf(rs.getString(2)), rs.getString(3))))
                  .list());
    }
    return found;
  }

  void save(Map<String, Analyser.Analysis> results, String model) {
    if (results.isEmpty()) {
      return;
    }
    List<Map.Entry<String, Analyser.Analysis>> entries = List.copyOf(results.entrySet());
    for (int i = 0; i < entries.size(); i += BATCH) {
      List<Map.Entry<String, Analyser.Analysis>> batch =
          entries.subList(i, Math.min(entries.size(), i + BATCH));
      own.executeWithoutResult(
          s ->
              jdbc.sql(
                      """
                      insert into dongchimi_import_analysis (match_key, model_version, category,
                                                             image_url)
                      select k, :model, c, u from unnest(:keys, :categories, :urls) as t(k, c, u)
                      on conflict (match_key, model_version) do update
                         set category = excluded.category, image_url = excluded.image_url
                      """)
                  .param("model", model)
                  .param("keys", batch.stream().map(Map.Entry::getKey).toArray(String[]::new))
                  .param(
                      "categories",
                      batch.stream()
                          .map(e -> e.getValue().category().name())
                          .toArray(String[]::new))
                  .param(
                      "urls",
                      batch.stream().map(e -> e.getValue().imageUrl()).toArray(String[]::new))
                  .update());
    }
  }

  /** How many answers are cached for a model (tests, operations). */
  public long size(String model) {
    return jdbc.sql("select count(*) from dongchimi_import_analysis where model_version = :m")
        .param("m", model)
        .query(Long.class)
        .single();
  }
}
