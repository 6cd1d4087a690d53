package dev.tools.bench;

import java.util.List;
import java.util.Locale;

/**
 * The drain as finished rows accumulate (issue 19, aim 3): the table first holds the smallest
 * {@code --retained} size of finished rows in other queues (generated with {@code generate_series},
 * as {@code tools/bench/admin-search/generate.sql} does: 14 days, 96 % SUCCESS, 4 % FAILED, four
 * kinds), then each drain variant runs {@code --runs} times; then the table is topped up to the
 * next size. One figure per size and variant, so the growth reads down the table. Only the drained
 * rows are deleted (and vacuumed) between runs; the retained ones stay.
 */
final class RetainedWorkload {
  static final String WORKLOAD = "retained";

  private static final String GENERATE =
      """
      insert into taskrow_task (id, kind, queue, subject, payload, status, error_code,
          error_message, attempt_count, max_attempts, created_at, started_at, finished_at)
      select gen_random_uuid(), k.kind, k.queue,
             case when i %% 3 = 0 then null else 'nest:' || (i %% 500000) end,
             cast('{"n": ' || i || '}' as jsonb),
             case when i %% 100 < 96 then 'SUCCESS' else 'FAILED' end,
             case when i %% 100 >= 96 then (array['ISSUER_TIMEOUT', 'OCR_FAILED', 'UNKNOWN'])[1 + i %% 3] end,
             case when i %% 100 >= 96 then 'failed ' || i end,
             1, 3, c.created_at, c.created_at + interval '1 second', c.created_at + interval '2 seconds'
      from generate_series(%d, %d) as i
      cross join lateral (select now() - interval '14 days' * (1 - i::float8 / %d) as created_at) c
      cross join lateral (select case when i %% 10 < 5 then 'registry.issue'
                                      when i %% 10 < 8 then 'registry.ocr'
                                      when i %% 10 < 9 then 'dongchimi.import'
                                      else 'report.daily' end as kind) k0
      cross join lateral (select k0.kind, case k0.kind when 'registry.issue' then 'issuance'
                                                       when 'registry.ocr' then 'ocr'
                                                       when 'dongchimi.import' then 'import'
                                                       else 'reports' end as queue) k
      """;

  private final Database database;
  private final DrainWorkload drain;

  RetainedWorkload(Database database, DrainWorkload drain) {
    this.database = database;
    this.drain = drain;
  }

  void run(Options options, Results results) throws Exception {
    List<Integer> sizes = options.retained();
    drain.runAsTableGrows(
        options,
        results,
        sizes,
        // created_at grows with i up to now: the rows of a larger size are the newer ones.
        (from, to) -> database.execute(GENERATE.formatted(from + 1, to, sizes.getLast())),
        size -> String.format(Locale.ROOT, "retained: %,d finished rows in the table", size),
        "retained");
  }
}
