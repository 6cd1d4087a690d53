package dev.tools.bench;

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
    drain.runAsTableGrows(
        options,
        results,
        options.backlog(),
        (from, to) -> database.execute(GENERATE.formatted(QUEUE, from + 1, to)),
        size -> String.format(Locale.ROOT, "backlog: %,d PENDING rows in queue %s", size, QUEUE),
        "backlog");
  }
}
