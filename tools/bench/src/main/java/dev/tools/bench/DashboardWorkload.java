package dev.tools.bench;

import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.TaskFilter;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskOverview;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The dashboard's queries as the table grows (issue 19, aim 4: p99 under 50 ms at 10 M rows): for
 * each {@code --dashboard-rows} size the table is generated afresh (14 days of tasks, so every size
 * has a last hour and a last week to read), then each query the dashboard's pages run — through
 * {@link TaskAdmin} and {@link TaskOverview}, the calls the pages make — runs {@code
 * --dashboard-samples} times, the queries interleaved so the machine's slow moments spread over all
 * of them. The backlog is the same at every size (10,000 active rows, or 1 % of a smaller table),
 * measured twice: spread over the whole 14 days (one table page per active row: the worst layout
 * for what reads the backlog), then moved to the newest rows, where a real backlog is.
 */
final class DashboardWorkload {
  static final String WORKLOAD = "dashboard";

  private static final int ACTIVE = 10_000;

  // Ids are UUIDv7 of the row's created_at, as the engine writes them (ADR 0011). 95 % SUCCESS,
  // 4 % FAILED (five codes, one of them in 1 of 1,000 failures), 1 % slots of which every
  // (n / 100 / active)-th is active (half PENDING, half PROCESSING); four kinds with skew and one
  // in 100,000 rows; a third of the rows without a subject.
  private static final String GENERATE =
      """
      insert into taskrow_task (id, kind, queue, subject, payload, status, error_code,
          error_message, attempt_count, max_attempts, due_at, created_at, started_at, finished_at)
      select cast(lpad(to_hex(floor(extract(epoch from c.created_at) * 1000)::bigint), 12, '0')
                  || '7' || substr(md5(i::text), 1, 3) || to_hex(8 + i %% 4)
                  || substr(md5(i::text), 4, 15) as uuid),
             k.kind, k.queue,
             case when i %% 3 = 0 then null
                  when s.status in ('PENDING', 'PROCESSING') then 'active:' || i
                  else 'nest:' || (i %% 500000) end,
             cast('{"n": ' || i || '}' as jsonb),
             s.status,
             case when s.status = 'FAILED' then (array['ISSUER_TIMEOUT', 'OCR_FAILED', 'UNKNOWN',
                 'CANCELLED', 'RARE_CODE'])[1 + (case when i %% 1000 = 7 then 4 else i %% 4 end)] end,
             case when s.status = 'FAILED' then 'failed ' || i end,
             1, 3,
             case when s.status in ('PENDING', 'PROCESSING') then c.created_at end,
             c.created_at,
             case when s.status <> 'PENDING' then c.created_at + interval '1 second' end,
             case when s.status in ('SUCCESS', 'FAILED') then c.created_at + interval '2 seconds' end
      from generate_series(1, %1$d) as i
      cross join lateral (select date_trunc('milliseconds',
                                     now() - interval '14 days' * (1 - i::float8 / %1$d)) as created_at) c
      cross join lateral (select case when i %% 100 < 95 then 'SUCCESS' when i %% 100 < 99 then 'FAILED'
                                      when (i / 100) %% %2$d <> 0 then 'SUCCESS'
                                      when (i / 100 / %2$d) %% 2 = 0 then 'PENDING'
                                      else 'PROCESSING' end as status) s
      cross join lateral (select case when i %% 100000 = 3 then 'rare.kind'
                                      when i %% 10 < 5 then 'registry.issue'
                                      when i %% 10 < 8 then 'registry.ocr'
                                      else 'dongchimi.import' end as kind) k0
      cross join lateral (select k0.kind, case k0.kind when 'registry.issue' then 'issuance'
                                                       when 'registry.ocr' then 'ocr'
                                                       when 'rare.kind' then 'rare'
                                                       else 'import' end as queue) k
      """;

  // The same backlog at the head of the table, where a real one is (the newest rows): the spread
  // active rows finish, the newest finished ones become active (their new versions are written
  // together at the end of the table, as new rows are). Only SUCCESS rows change, so the failures
  // and their counts stay as they were.
  private static final String MOVE_BACKLOG_TO_HEAD =
      """
      with spread as (
          update taskrow_task set status = 'SUCCESS', due_at = null, locked_until = null,
                 started_at = coalesce(started_at, created_at + interval '1 second'),
                 finished_at = created_at + interval '2 seconds'
          where status in ('PENDING', 'PROCESSING')
          returning id),
      newest as (
          select id, row_number() over (order by created_at desc, id desc) as n
          from taskrow_task where status = 'SUCCESS'
          order by created_at desc, id desc limit %d)
      update taskrow_task t
         set status = case when newest.n %% 2 = 0 then 'PENDING' else 'PROCESSING' end,
             due_at = t.created_at, finished_at = null,
             started_at = case when newest.n %% 2 = 0 then null else t.started_at end
        from newest where t.id = newest.id
      """;

  /** One dashboard call, named as the table shows it. */
  private record Query(String page, String name, Call call) {}

  @FunctionalInterface
  private interface Call {
    void run(Instant now) throws Exception;
  }

  private final Database database;
  private final Options options;

  DashboardWorkload(Database database, Options options) {
    this.database = database;
    this.options = options;
  }

  void run(Results results) throws Exception {
    Taskrow taskrow =
        Taskrow.builder(database.dataSource())
            .kind(TaskKind.named("registry.issue").queue("issuance").build())
            .kind(TaskKind.named("registry.ocr").queue("ocr").build())
            .kind(TaskKind.named("dongchimi.import").queue("import").build())
            .kind(TaskKind.named("rare.kind").queue("rare").build())
            .build();
    TaskAdmin admin = TaskAdmin.of(taskrow);
    TaskOverview overview = TaskOverview.of(database.dataSource());
    List<Query> queries = queries(admin, overview);
    // query name → column (size and backlog layout) → sorted latencies in ms
    Map<String, Map<String, double[]>> latencies = new LinkedHashMap<>();
    for (int size : options.dashboardRows()) {
      long start = System.nanoTime();
      database.execute("truncate taskrow_task");
      int every = Math.max(1, size / 100 / ACTIVE);
      database.execute(GENERATE.formatted(size, every));
      database.execute("vacuum analyze taskrow_task");
      // The generated rows are still dirty in the buffers: without a checkpoint the first queries
      // pay for writing them out.
      database.execute("checkpoint");
      long active =
          database.queryLong(
              "select count(*) from taskrow_task where status in ('PENDING', 'PROCESSING')");
      String line =
          String.format(
              Locale.ROOT,
              "dashboard: %,d rows, %,d active (generated and vacuumed in %.1f s)",
              size,
              active,
              (System.nanoTime() - start) / 1e9);
      System.out.println(line);
      results.diagnostic(line);
      measure(queries, String.format(Locale.ROOT, "%,d rows, backlog spread", size), latencies);
      database.execute(MOVE_BACKLOG_TO_HEAD.formatted(active));
      database.execute("vacuum analyze taskrow_task");
      database.execute("checkpoint");
      measure(queries, String.format(Locale.ROOT, "%,d rows, backlog newest", size), latencies);
    }
    database.execute("truncate taskrow_task");
    results.section(table(queries, latencies));
  }

  /** Every query {@code --dashboard-samples} times, interleaved, after a tenth as many unkept. */
  private void measure(
      List<Query> queries, String column, Map<String, Map<String, double[]>> latencies)
      throws Exception {
    Map<String, List<Double>> samples = new LinkedHashMap<>();
    queries.forEach(q -> samples.put(q.name(), new ArrayList<>()));
    int warmUp = Math.max(1, options.dashboardSamples() / 10);
    for (int sample = -warmUp; sample < options.dashboardSamples(); sample++) {
      Instant now = Instant.now();
      for (Query q : queries) {
        long t0 = System.nanoTime();
        q.call().run(now);
        double ms = (System.nanoTime() - t0) / 1e6;
        if (sample >= 0) {
          samples.get(q.name()).add(ms);
        }
      }
    }
    for (Query q : queries) {
      double[] sorted =
          Stats.sorted(samples.get(q.name()).stream().mapToDouble(Double::doubleValue).toArray());
      latencies.computeIfAbsent(q.name(), k -> new LinkedHashMap<>()).put(column, sorted);
    }
  }

  private static List<Query> queries(TaskAdmin admin, TaskOverview overview) {
    int page = 50;
    return List.of(
        new Query(
            "tasks", "search: everything, newest first", now -> admin.search(any(), null, page)),
        new Query(
            "tasks",
            "search: FAILED",
            now -> admin.search(any().withStatus(TaskStatus.FAILED), null, page)),
        new Query(
            "tasks",
            "search: queue ocr, a week back",
            now ->
                admin.search(
                    any().withQueue("ocr").withCreated(null, now.minus(Duration.ofDays(7))),
                    null,
                    page)),
        new Query(
            "tasks",
            "search: kind of 1 row in 100,000",
            now -> admin.search(any().withKind("rare.kind"), null, page)),
        new Query(
            "tasks",
            "search: error code of 1 failure in 1,000",
            now -> admin.search(any().withErrorCode("RARE_CODE"), null, page)),
        new Query(
            "tasks",
            "search: subject",
            now -> admin.search(any().withSubject("nest:4242"), null, page)),
        new Query(
            "overview",
            "counts by state per queue, last hour",
            now -> admin.queueCounts(now.minus(Duration.ofHours(1)))),
        new Query("overview", "oldest PENDING per queue", now -> overview.oldestPendingAge()),
        new Query("overview", "finished per minute, last hour", now -> overview.perMinute()),
        new Query(
            "failures",
            "failures by code, last hour",
            now -> admin.failureGroups(now.minus(Duration.ofHours(1)), 100)),
        new Query(
            "failures",
            "failures by code, last 24 h",
            now -> admin.failureGroups(now.minus(Duration.ofHours(24)), 100)),
        new Query(
            "failures",
            "failures by code, last 7 days",
            now -> admin.failureGroups(now.minus(Duration.ofDays(7)), 100)));
  }

  private static TaskFilter any() {
    return TaskFilter.any();
  }

  /** One row per query, one p50 / p99 column per size, so the growth reads across. */
  private static String table(List<Query> queries, Map<String, Map<String, double[]>> latencies) {
    List<String> columns = new ArrayList<>(latencies.values().iterator().next().keySet());
    StringBuilder out = new StringBuilder();
    out.append("Dashboard queries, p50 / p99 ms (aim: p99 < 50 ms at 10,000,000 rows):\n\n");
    out.append("| page | query |");
    columns.forEach(c -> out.append(' ').append(c).append(" |"));
    out.append("\n|---|---|");
    columns.forEach(c -> out.append("---:|"));
    out.append('\n');
    for (Query q : queries) {
      out.append("| ").append(q.page()).append(" | ").append(q.name()).append(" |");
      for (String column : columns) {
        double[] sorted = latencies.get(q.name()).get(column);
        out.append(
            String.format(
                Locale.ROOT,
                " %.1f / %.1f |",
                Stats.percentile(sorted, 50),
                Stats.percentile(sorted, 99)));
      }
      out.append('\n');
    }
    return out.toString();
  }
}
