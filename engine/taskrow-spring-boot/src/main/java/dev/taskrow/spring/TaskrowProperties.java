package dev.taskrow.spring;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code taskrow.*} properties. They are validated when the application starts, so a zero poll
 * interval, a zero concurrency or a lease under a second stops start-up with the property's name
 * instead of surfacing later as a stuck queue.
 */
@ConfigurationProperties("taskrow")
@Validated
public class TaskrowProperties {
  /** The same rule the engine applies to kind and queue names. */
  static final String NAME = "[A-Za-z0-9_.:-]{1,100}";

  /**
   * How "queue X has work" hints travel. In-process reaches this JVM only; set postgres when more
   * than one instance runs against the database.
   */
  @NotNull private SignalsMode signals = SignalsMode.IN_PROCESS;

  @Valid private final Schema schema = new Schema();

  @Valid private final Worker worker = new Worker();

  /**
   * Per-kind overrides of the TaskKind beans declared in code. Kind names with dots need brackets:
   * {@code taskrow.kinds[registry.issue].lease=2m}.
   */
  private final Map<String, @Valid Kind> kinds = new LinkedHashMap<>();

  public SignalsMode getSignals() {
    return signals;
  }

  public void setSignals(SignalsMode signals) {
    this.signals = signals;
  }

  public Schema getSchema() {
    return schema;
  }

  public Worker getWorker() {
    return worker;
  }

  public Map<String, Kind> getKinds() {
    return kinds;
  }

  /** The engine's own tables. */
  public static class Schema {
    /** Whether the task table is created and migrated at start-up (its own Flyway history). */
    private boolean migrate = true;

    public boolean isMigrate() {
      return migrate;
    }

    public void setMigrate(boolean migrate) {
      this.migrate = migrate;
    }
  }

  /** The worker of this process. */
  public static class Worker {
    /** Whether this process runs tasks; false for a process that only submits. */
    private boolean enabled = true;

    /** Stored as locked_by in the rows it claims. Default: host/pid/random. */
    private String id;

    /**
     * Queue name to concurrency. Empty: every queue that has a handler, each at
     * default-concurrency.
     */
    private final Map<@Pattern(regexp = NAME) String, @NotNull @Min(1) @Max(10_000) Integer>
        queues = new LinkedHashMap<>();

    /** Concurrency of each queue when {@code queues} is empty. */
    @Min(1)
    @Max(10_000)
    private int defaultConcurrency = 8;

    /** How long an idle queue waits for a signal before it looks again. */
    @NotNull
    @DurationMin(millis = 10)
    @DurationMax(minutes = 1)
    private Duration pollInterval = Duration.ofSeconds(1);

    /** Tasks claimed per statement at most. */
    @Min(1)
    @Max(10_000)
    private int batchSize = 100;

    /** How long shutdown waits for running tasks before handing the rest back. */
    @NotNull
    @DurationMin(millis = 0)
    @DurationMax(hours = 1)
    private Duration shutdownTimeout = Duration.ofSeconds(30);

    /** Finished tasks older than this are deleted. Empty or 0 keeps them forever. */
    @DurationMin(millis = 0)
    private Duration retention = Duration.ofDays(14);

    /** How often finished tasks are pruned. */
    @NotNull
    @DurationMin(seconds = 1)
    private Duration pruneInterval = Duration.ofMinutes(10);

    /**
     * Whether claims and heartbeats commit without waiting for the WAL flush ({@code
     * synchronous_commit = off} in their own transactions only; submits and outcomes stay durable).
     * A claim lost in a crash is harmless: the task is claimable again and the fence token keeps
     * the old attempt from committing twice. Off: every claim waits for the flush (ADR 0012).
     */
    private boolean asyncLeaseCommits = true;

    /**
     * Whether a task submitted in this application with {@code Taskrow.submit(NewTask)} goes
     * straight into a free slot of this worker, in the submit's own commit, when the worker runs
     * its kind and the queue has no backlog: the handler starts without a signal or a claim. Off:
     * every task waits in the table for a claim.
     */
    private boolean takeOwnSubmits = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public String getId() {
      return id;
    }

    public void setId(String id) {
      this.id = id;
    }

    public Map<String, Integer> getQueues() {
      return queues;
    }

    public int getDefaultConcurrency() {
      return defaultConcurrency;
    }

    public void setDefaultConcurrency(int defaultConcurrency) {
      this.defaultConcurrency = defaultConcurrency;
    }

    public Duration getPollInterval() {
      return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
      this.pollInterval = pollInterval;
    }

    public int getBatchSize() {
      return batchSize;
    }

    public void setBatchSize(int batchSize) {
      this.batchSize = batchSize;
    }

    public Duration getShutdownTimeout() {
      return shutdownTimeout;
    }

    public void setShutdownTimeout(Duration shutdownTimeout) {
      this.shutdownTimeout = shutdownTimeout;
    }

    public Duration getRetention() {
      return retention;
    }

    public void setRetention(Duration retention) {
      this.retention = retention;
    }

    public Duration getPruneInterval() {
      return pruneInterval;
    }

    public void setPruneInterval(Duration pruneInterval) {
      this.pruneInterval = pruneInterval;
    }

    public boolean isAsyncLeaseCommits() {
      return asyncLeaseCommits;
    }

    public void setAsyncLeaseCommits(boolean asyncLeaseCommits) {
      this.asyncLeaseCommits = asyncLeaseCommits;
    }

    public boolean isTakeOwnSubmits() {
      return takeOwnSubmits;
    }

    public void setTakeOwnSubmits(boolean takeOwnSubmits) {
      this.takeOwnSubmits = takeOwnSubmits;
    }

    /** Whether pruning is on: a positive retention. */
    boolean prunes() {
      return retention != null && !retention.isZero();
    }
  }

  /** Overrides of one kind; what is not set keeps the value the code declared. */
  public static class Kind {
    @Pattern(regexp = NAME)
    private String queue;

    @Min(1)
    @Max(1000)
    private Integer maxAttempts;

    @DurationMin(seconds = 1)
    private Duration lease;

    @DurationMin(millis = 1)
    private Duration staleAfter;

    /** How long one attempt may run before its handler is interrupted (TIMEOUT); none if unset. */
    @DurationMin(millis = 1)
    private Duration timeLimit;

    private Boolean transactional;

    /**
     * How many tasks of a transactional kind may share one commit, each in a savepoint of its own
     * (1..64); 1, a commit each, when not set here or in code.
     */
    @Min(1)
    @Max(64)
    private Integer commitBatch;

    /** Snoozes allowed before the task ends FAILED(SNOOZE_LIMIT); unlimited when not set. */
    @Min(0)
    private Integer maxSnoozes;

    /**
     * The key template of the kind's concurrency limit: {@code mart:{martId}} (a payload field),
     * {@code issuer} (one key for the kind), {@code nest:{subject}}. Needs {@code
     * concurrency-limit}.
     */
    private String concurrencyKey;

    /**
     * Tasks of one key in flight at most, across every instance (at least 1). Needs a {@code
     * concurrency-key}, here or in code.
     */
    private Integer concurrencyLimit;

    @Valid private final Retry retry = new Retry();

    /** Makes the kind recurring, or changes or turns off the schedule its code declares. */
    @Valid private final KindSchedule schedule = new KindSchedule();

    public String getQueue() {
      return queue;
    }

    public void setQueue(String queue) {
      this.queue = queue;
    }

    public Integer getMaxAttempts() {
      return maxAttempts;
    }

    public void setMaxAttempts(Integer maxAttempts) {
      this.maxAttempts = maxAttempts;
    }

    public Duration getLease() {
      return lease;
    }

    public void setLease(Duration lease) {
      this.lease = lease;
    }

    public Duration getStaleAfter() {
      return staleAfter;
    }

    public void setStaleAfter(Duration staleAfter) {
      this.staleAfter = staleAfter;
    }

    public Duration getTimeLimit() {
      return timeLimit;
    }

    public void setTimeLimit(Duration timeLimit) {
      this.timeLimit = timeLimit;
    }

    public Boolean getTransactional() {
      return transactional;
    }

    public void setTransactional(Boolean transactional) {
      this.transactional = transactional;
    }

    public Integer getCommitBatch() {
      return commitBatch;
    }

    public void setCommitBatch(Integer commitBatch) {
      this.commitBatch = commitBatch;
    }

    public Integer getMaxSnoozes() {
      return maxSnoozes;
    }

    public void setMaxSnoozes(Integer maxSnoozes) {
      this.maxSnoozes = maxSnoozes;
    }

    public String getConcurrencyKey() {
      return concurrencyKey;
    }

    public void setConcurrencyKey(String concurrencyKey) {
      this.concurrencyKey = concurrencyKey;
    }

    public Integer getConcurrencyLimit() {
      return concurrencyLimit;
    }

    public void setConcurrencyLimit(Integer concurrencyLimit) {
      this.concurrencyLimit = concurrencyLimit;
    }

    public Retry getRetry() {
      return retry;
    }

    public KindSchedule getSchedule() {
      return schedule;
    }
  }

  /** Which missed slots run after downtime. */
  public enum Misfire {
    /** Only the latest missed slot runs, once. */
    LATEST_ONCE,
    /** Every missed slot runs, the latest {@code max-missed-slots} at most. */
    EVERY_SLOT
  }

  /**
   * A kind's schedule: {@code cron} (five-field Unix cron, read in {@code zone}) or {@code every}
   * (an interval), not both; what is not set keeps what the code declared.
   */
  public static class KindSchedule {
    /** False turns off the schedule the code declares; the kind can still be submitted. */
    private Boolean enabled;

    /** Unix cron, five fields: minute hour day-of-month month day-of-week ({@code 0 3 * * *}). */
    private String cron;

    /** The time zone the cron is read in ({@code Asia/Seoul}); UTC when neither sets one. */
    private String zone;

    /** A fixed interval (at least 1 s); slots at whole multiples of it since the Unix epoch. */
    private Duration every;

    /** What runs after downtime; latest-once unless the code says otherwise. */
    private Misfire misfire;

    /** With misfire every-slot: how many missed slots run at most, the latest ones. */
    @Min(1)
    @Max(10_000)
    private Integer maxMissedSlots;

    public Boolean getEnabled() {
      return enabled;
    }

    public void setEnabled(Boolean enabled) {
      this.enabled = enabled;
    }

    public String getCron() {
      return cron;
    }

    public void setCron(String cron) {
      this.cron = cron;
    }

    public String getZone() {
      return zone;
    }

    public void setZone(String zone) {
      this.zone = zone;
    }

    public Duration getEvery() {
      return every;
    }

    public void setEvery(Duration every) {
      this.every = every;
    }

    public Misfire getMisfire() {
      return misfire;
    }

    public void setMisfire(Misfire misfire) {
      this.misfire = misfire;
    }

    public Integer getMaxMissedSlots() {
      return maxMissedSlots;
    }

    public void setMaxMissedSlots(Integer maxMissedSlots) {
      this.maxMissedSlots = maxMissedSlots;
    }
  }

  /** Overrides of a kind's retry policy. */
  public static class Retry {
    @DurationMin(millis = 0)
    private Duration initialDelay;

    @DurationMin(millis = 0)
    private Duration maxDelay;

    @DecimalMin("1.0")
    private Double multiplier;

    @DecimalMin("0.0")
    @DecimalMax(value = "1.0", inclusive = false)
    private Double jitter;

    /** Error codes that are final whatever the handler said. */
    private Set<String> neverRetry;

    /** Error codes retried even when the handler did not mark them retryable. */
    private Set<String> alwaysRetry;

    /** Whether unexpected exceptions (UNKNOWN) are retried. */
    private Boolean retryUnknown;

    public Duration getInitialDelay() {
      return initialDelay;
    }

    public void setInitialDelay(Duration initialDelay) {
      this.initialDelay = initialDelay;
    }

    public Duration getMaxDelay() {
      return maxDelay;
    }

    public void setMaxDelay(Duration maxDelay) {
      this.maxDelay = maxDelay;
    }

    public Double getMultiplier() {
      return multiplier;
    }

    public void setMultiplier(Double multiplier) {
      this.multiplier = multiplier;
    }

    public Double getJitter() {
      return jitter;
    }

    public void setJitter(Double jitter) {
      this.jitter = jitter;
    }

    public Set<String> getNeverRetry() {
      return neverRetry;
    }

    public void setNeverRetry(Set<String> neverRetry) {
      this.neverRetry = neverRetry;
    }

    public Set<String> getAlwaysRetry() {
      return alwaysRetry;
    }

    public void setAlwaysRetry(Set<String> alwaysRetry) {
      this.alwaysRetry = alwaysRetry;
    }

    public Boolean getRetryUnknown() {
      return retryUnknown;
    }

    public void setRetryUnknown(Boolean retryUnknown) {
      this.retryUnknown = retryUnknown;
    }
  }
}
