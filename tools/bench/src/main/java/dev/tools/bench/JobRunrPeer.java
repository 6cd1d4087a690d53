package dev.tools.bench;

import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.jobrunr.jobs.lambdas.JobRequest;
import org.jobrunr.jobs.lambdas.JobRequestHandler;
import org.jobrunr.jobs.mappers.JobMapper;
import org.jobrunr.scheduling.JobRequestScheduler;
import org.jobrunr.server.BackgroundJobServer;
import org.jobrunr.server.BackgroundJobServerConfiguration;
import org.jobrunr.server.JobActivator;
import org.jobrunr.storage.StorageProvider;
import org.jobrunr.storage.sql.common.SqlStorageProviderFactory;
import org.jobrunr.utils.mapper.JsonMapper;
import org.jobrunr.utils.mapper.jackson3.Jackson3JsonMapper;

/**
 * JobRunr 8.7.0 (open-source edition), plain Java, configured from its documentation
 * (https://www.jobrunr.io/en/documentation/configuration/fluent/ and
 * https://www.jobrunr.io/en/documentation/background-methods/background-job-server/): the SQL
 * storage provider on the same DataSource (JobRunr creates and migrates its own jobrunr_* tables),
 * Jackson 3 as its JSON mapper, job requests (JobRequest + JobRequestHandler: no lambda analysis),
 * bulk enqueue with {@code enqueue(Stream)}, a BackgroundJobServer polling every 5 s (its default
 * is 15 s; JobRunr flags a poll interval too small for the master's duties) and its default worker
 * count, or 200 workers for the I/O workload.
 */
final class JobRunrPeer implements Peer {
  static final int POLL_SECONDS = 5;

  /** The job: a sequence number. Public: JobRunr instantiates and invokes it reflectively. */
  public record Job(int seq) implements JobRequest {
    @Override
    public Class<Handler> getJobRequestHandler() {
      return Handler.class;
    }
  }

  /** Runs a {@link Job}: reports its start, then waits on simulated I/O. */
  public static final class Handler implements JobRequestHandler<Job> {
    private final IntConsumer onStart;
    private final long handlerMillis;

    Handler(IntConsumer onStart, long handlerMillis) {
      this.onStart = onStart;
      this.handlerMillis = handlerMillis;
    }

    @Override
    public void run(Job job) {
      onStart.accept(job.seq());
      PeerWorkload.simulateIo(handlerMillis);
    }
  }

  private final Database database;
  private final JsonMapper jsonMapper = new Jackson3JsonMapper();
  private StorageProvider storage;
  private JobRequestScheduler scheduler;
  private BackgroundJobServer server;

  JobRunrPeer(Database database) {
    this.database = database;
  }

  @Override
  public String name() {
    return "JobRunr 8.7.0";
  }

  @Override
  public String configuration(Mode mode) {
    return String.format(
        "BackgroundJobServer poll interval %d s (default 15 s), %s, SQL storage provider, Jackson 3,"
            + " JobRequest handlers, enqueue(Stream) for bulk submits",
        POLL_SECONDS,
        mode.concurrency() > 0 ? "worker count " + mode.concurrency() : "default worker count");
  }

  @Override
  public void reset() throws Exception {
    close();
    storage = SqlStorageProviderFactory.using(database.dataSource());
    storage.setJobMapper(new JobMapper(jsonMapper));
    database.execute("truncate jobrunr_jobs");
    scheduler = new JobRequestScheduler(storage);
  }

  @Override
  public void enqueueAll(int n) {
    scheduler.enqueue(IntStream.range(0, n).mapToObj(Job::new));
  }

  @Override
  public void start(Mode mode, IntConsumer onStart) {
    Handler handler = new Handler(onStart, mode.handlerMillis());
    JobActivator activator =
        new JobActivator() {
          @Override
          public <T> T activateJob(Class<T> type) {
            return type.cast(handler);
          }
        };
    BackgroundJobServerConfiguration configuration =
        BackgroundJobServerConfiguration.usingStandardBackgroundJobServerConfiguration()
            .andPollIntervalInSeconds(POLL_SECONDS);
    if (mode.concurrency() > 0) {
      configuration = configuration.andWorkerCount(mode.concurrency());
    }
    server = new BackgroundJobServer(storage, jsonMapper, activator, configuration);
    server.start();
  }

  @Override
  public void submit(int seq) {
    scheduler.enqueue(new Job(seq));
  }

  @Override
  public long pending() throws Exception {
    return database.queryLong("select count(*) from jobrunr_jobs where state <> 'SUCCEEDED'");
  }

  @Override
  public void close() {
    if (server != null) {
      server.stop();
      server = null;
    }
  }
}
