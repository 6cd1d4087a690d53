package dev.tools.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.IntConsumer;
import javax.sql.DataSource;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.ConnectionProvider;

/**
 * Quartz 2.5.2 with its JDBC job store, configured from its documentation
 * (https://www.quartz-scheduler.org/documentation/quartz-2.3.0/configuration/): {@code JobStoreTX}
 * with {@code PostgreSQLDelegate} on the same DataSource, clustered (as taskrow and db-scheduler
 * are: any number of instances on one database), the tables of its {@code tables_postgres.sql}; for
 * throughput, batch trigger acquisition of as many triggers as it has threads ({@code
 * batchTriggerAcquisitionMaxCount}, which needs {@code acquireTriggersWithinLock}), 20 threads like
 * db-scheduler's (200 for the I/O workload). A task is a one-shot job with a trigger that fires
 * now; a submit from this JVM wakes its scheduler thread at once (Quartz signals its own scheduling
 * changes), an idle one looks again after {@code idleWaitTime}, 1 s, the least Quartz allows. The
 * misfire threshold is an hour, so tasks queued before the workers start are not treated as
 * misfires. Bulk submits go through {@code scheduleJobs}.
 */
final class QuartzPeer implements Peer {
  static final int THREADS = 20;
  // Quartz drains a few hundred tasks a second here: 100,000 would take minutes per run.
  private static final int MOST_DRAINED = 5_000;
  private static final String GROUP = "bench";
  private static final String DDL = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";

  /** Quartz instantiates its connection provider by class name: the DataSource it hands out. */
  private static volatile DataSource sharedDataSource;

  /** Hands Quartz connections of the bench's pool. Public: Quartz creates it reflectively. */
  public static final class BenchConnections implements ConnectionProvider {
    @Override
    public Connection getConnection() throws SQLException {
      return sharedDataSource.getConnection();
    }

    @Override
    public void shutdown() {}

    @Override
    public void initialize() {}
  }

  /** Runs one task: reports its start, then waits on simulated I/O. */
  private record BenchJob(IntConsumer onStart, long handlerMillis) implements Job {
    @Override
    public void execute(JobExecutionContext context) {
      onStart.accept(Integer.parseInt(context.getJobDetail().getKey().getName()));
      PeerWorkload.simulateIo(handlerMillis);
    }
  }

  private final Database database;
  private Scheduler scheduler;
  private boolean started;

  QuartzPeer(Database database) {
    this.database = database;
  }

  @Override
  public String name() {
    return "Quartz 2.5.2";
  }

  @Override
  public int drainTasks(int asked) {
    return Math.min(asked, MOST_DRAINED);
  }

  @Override
  public String configuration(Mode mode) {
    int threads = mode.concurrencyOr(THREADS);
    return String.format(
        "JobStoreTX + PostgreSQLDelegate, clustered, threads %d,"
            + " batchTriggerAcquisitionMaxCount %d (acquireTriggersWithinLock), idleWaitTime 1 s,"
            + " one-shot job + trigger per task, scheduleJobs for bulk submits; drains at most"
            + " %,d tasks",
        threads, threads, MOST_DRAINED);
  }

  @Override
  public void reset() throws Exception {
    close();
    database.execute(ddl());
    scheduler = create(1);
  }

  private static String ddl() throws IOException {
    try (InputStream in = Scheduler.class.getClassLoader().getResourceAsStream(DDL)) {
      if (in == null) {
        throw new IllegalStateException("Quartz's " + DDL + " is not on the classpath");
      }
      // The script ends with a COMMIT of its own; the bench runs it in autocommit.
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?im)^commit;", "");
    }
  }

  /** A scheduler of {@code threads} threads, not started: it can store jobs without running any. */
  private Scheduler create(int threads) throws SchedulerException {
    sharedDataSource = database.dataSource();
    Properties p = new Properties();
    p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_NAME, "bench");
    p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_ID, "AUTO");
    p.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
    p.setProperty("org.quartz.scheduler.idleWaitTime", "1000");
    p.setProperty("org.quartz.scheduler.batchTriggerAcquisitionMaxCount", String.valueOf(threads));
    p.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
    p.setProperty("org.quartz.threadPool.threadCount", String.valueOf(threads));
    p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
    p.setProperty(
        "org.quartz.jobStore.driverDelegateClass",
        "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
    p.setProperty("org.quartz.jobStore.dataSource", "bench");
    p.setProperty("org.quartz.jobStore.isClustered", "true");
    p.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
    p.setProperty("org.quartz.jobStore.misfireThreshold", "3600000");
    p.setProperty(
        "org.quartz.dataSource.bench.connectionProvider.class", BenchConnections.class.getName());
    return new StdSchedulerFactory(p).getScheduler();
  }

  private static JobDetail job(int seq) {
    return JobBuilder.newJob(BenchJob.class).withIdentity(String.valueOf(seq), GROUP).build();
  }

  private static Trigger now(int seq) {
    return TriggerBuilder.newTrigger()
        .withIdentity(String.valueOf(seq), GROUP)
        .startNow()
        .withSchedule(
            SimpleScheduleBuilder.simpleSchedule().withMisfireHandlingInstructionFireNow())
        .build();
  }

  @Override
  public void enqueueAll(int n) throws SchedulerException {
    for (int from = 0; from < n; from += 1000) {
      Map<JobDetail, Set<? extends Trigger>> batch = new LinkedHashMap<>();
      for (int seq = from; seq < Math.min(n, from + 1000); seq++) {
        batch.put(job(seq), Set.of(now(seq)));
      }
      scheduler.scheduleJobs(batch, false);
    }
  }

  @Override
  public void start(Mode mode, IntConsumer onStart) throws SchedulerException {
    // The thread count is fixed when a Quartz scheduler is made: the storing one gives way.
    scheduler.shutdown(false);
    long handlerMillis = mode.handlerMillis();
    scheduler = create(mode.concurrencyOr(THREADS));
    scheduler.setJobFactory((bundle, s) -> new BenchJob(onStart, handlerMillis));
    scheduler.start();
    started = true;
  }

  @Override
  public void submit(int seq) throws SchedulerException {
    scheduler.scheduleJob(job(seq), now(seq));
  }

  /** A one-shot trigger's row is deleted when its job completes (and the job's with it). */
  @Override
  public long pending() throws Exception {
    return database.queryLong("select count(*) from qrtz_triggers");
  }

  @Override
  public void close() throws SchedulerException {
    if (scheduler != null) {
      scheduler.shutdown(started);
      scheduler = null;
      started = false;
    }
  }
}
