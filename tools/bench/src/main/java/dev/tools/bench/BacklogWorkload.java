package dev.tools.bench;

import java.util.List;
import java.util.Locale;

/**
 * The drain with a backlog waiting beside it (issue 19, aim 3): the table first holds the smallest
 * {@code --backlog} size of PENDING rows in a queue no worker serves, then each drain variant runs
 * {@code --runs} times; then the backlog is topped up to the next size. The backlog's rows stay
 * active, so every index over active rows (the claim index, the one-active-per-subject index) holds
 * them, as it would while a burst of submits waits for a queue that is paused or behind.
 */
final class BacklogWorkload {
  static final String WORKLOAD = "backlog";
  static final String QUEUE = "bench-backlog";

  private static final String GENERATE =
      """
      insert into taskrow_task (id, kind, queue, subject, payload, status, max_attempts, due_at,
          created_at)
      select gen_random_uuid(), 'bench.backlog', '%s',
             case when i %% 3 = 0 then null else 'backlog:' || i end,
             cast('{"n": ' || i || '}' as jsonb), 'PENDING', 3,
             now() - interval '1 hour', now() - interval '1 hour'
      from generate_series(%d, %d) as i
      """;

  private final Database database;
  private final DrainWorkload drain;

  BacklogWorkload(Database database, DrainWorkload drain) {
    this.database = database;
    this.drain = drain;
  }

  void run(Options options, Results results) throws Exception {
    List<DrainWorkload.Variant> all = DrainWorkload.variants(options);
    // The headline non-transactional drain and the transactional one (one commit per task).
    List<DrainWorkload.Variant> variants = List.of(all.getFirst(), all.getLast());
    database.execute("truncate taskrow_task");
    drain.warmUp(variants);
    int kept = 0;
    for (int size : options.backlog()) {
      long start = System.nanoTime();
      if (size > kept) {
        database.execute(GENERATE.formatted(QUEUE, kept + 1, size));
        database.execute("vacuum analyze taskrow_task");
        kept = size;
      }
      String line =
          String.format(
              Locale.ROOT,
              "backlog: %,d PENDING rows in queue %s (generated and vacuumed in %.1f s)",
              size,
              QUEUE,
              (System.nanoTime() - start) / 1e9);
      System.out.println(line);
      results.diagnostic(line);
      for (int run = 1; run <= options.runs(); run++) {
        for (DrainWorkload.Variant variant : variants) {
          drain.run(variant, results, run, String.format(Locale.ROOT, ", %,d backlog", size), true);
        }
      }
    }
  }
}
