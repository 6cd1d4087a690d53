package dev.tools.bench;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The three workloads, run the same way for every engine:
 *
 * <ol>
 *   <li>drain: {@code tasks} no-op tasks enqueued in bulk with no worker running, then timed from
 *       the worker's start until the database shows every success committed;
 *   <li>steady: {@code rate} submits per second for {@code seconds} (open loop: each submit at its
 *       scheduled time, from a pool of submitter threads, one transaction each), submit → handler
 *       start latency (System.nanoTime, same JVM);
 *   <li>io: the same with a handler that waits {@code ioMillis} on I/O, at {@code ioConcurrency}.
 * </ol>
 *
 * The end of a drain is seen by the handlers first (a counter, no database load), then confirmed by
 * polling the engine's table every 10 ms, so each engine pays the same ≤10 ms granularity.
 */
final class PeerWorkload {
  static final String DRAIN = "1. drain";
  static final String STEADY = "2. steady";
  static final String IO = "3. steady, I/O handler";
  private static final int SUBMITTERS = 16;

  private final PeerTable table;
  private final Database database;

  PeerWorkload(PeerTable table, Database database) {
    this.table = table;
    this.database = database;
  }

  /**
   * The peer's tables emptied, every table of the database vacuumed and analysed, then a
   * CHECKPOINT: every measurement starts with no dirty buffers of the one before it (a pgbench
   * ceiling, another engine's 30,000 rows) left to write and no dead rows for autovacuum to find,
   * whatever its place in the run. Without the checkpoint the engine measured first in a run paid
   * for the last one's writes (the submit call 1.5 against 0.8 ms, 2026-12-03). The vacuum was
   * added when autovacuum on the drains' dead rows was suspected of slowing the first steady engine
   * (2026-12-07); it was not the cause (the same engine stayed as slow, with no autovacuum during
   * its runs), but it keeps any engine from running beside another's leftover work, and the steady
   * log names what autovacuum did during each run. Returns the vacuum's seconds.
   */
  private double resetAndCheckpoint(Peer peer) throws Exception {
    peer.reset();
    long start = System.nanoTime();
    database.execute("vacuum analyze");
    double vacuumSeconds = (System.nanoTime() - start) / 1e9;
    database.execute("checkpoint");
    return vacuumSeconds;
  }

  static final String TRANSACTIONAL_DRAIN = "transactional drain";

  /**
   * Unrecorded warm-up, so that no measured run pays for the JIT: a drain of each drain peer, then
   * rounds of {@link #WARM_UP_STEADY} of the steady workload at {@code rate} for each steady peer
   * until a round leaves the JIT compiler under {@link #JIT_QUIET} cores (at most {@link
   * #WARM_UP_ROUNDS} rounds, each round's figure printed). The drain alone left the single-submit
   * paths (a submit taken by this process's worker, the NOTIFY after a plain one) to be compiled
   * inside the measured steady runs, where a run's p50 is a few hundred microseconds of CPU. On 2
   * cores (2026-12-07) the JIT compiler took 0.26–0.38 cores through four 5 s rounds of taskrow and
   * db-scheduler and 0.27 in the first measured run, then 0.01–0.08: it takes 1–2 minutes of steady
   * work to go quiet, and a median of three runs after it is measured on compiled code.
   */
  static void warmUp(
      Database database, List<Peer> drainPeers, List<Peer> steadyPeers, int tasks, int rate)
      throws Exception {
    PeerWorkload warmUp = new PeerWorkload(new PeerTable(), database);
    for (Peer peer : drainPeers) {
      warmUp.drain(peer, peer.drainTasks(Math.min(tasks, 5_000)), 0);
    }
    for (int round = 1; round <= WARM_UP_ROUNDS; round++) {
      CpuMeter.Sample from = CpuMeter.sample();
      for (Peer peer : steadyPeers) {
        warmUp.steady(peer, "warm-up steady", new Peer.Mode(0, 0), rate, WARM_UP_STEADY, 0);
      }
      double jit =
          CpuMeter.between(from, CpuMeter.sample())
              .javaThreadCores()
              .getOrDefault(CpuMeter.JIT_COMPILER, 0.0);
      System.out.printf(Locale.ROOT, "warm-up round %d: JIT compiler %.2f cores%n", round, jit);
      if (jit < JIT_QUIET) {
        return;
      }
    }
  }

  static final Duration WARM_UP_STEADY = Duration.ofSeconds(5);
  static final int WARM_UP_ROUNDS = 4;
  static final double JIT_QUIET = 0.05;

  void drain(Peer peer, int tasks, int run) throws Exception {
    drain(peer, DRAIN, new Peer.Mode(0, 0), tasks, run);
  }

  /** The drain at {@code concurrency}, for a peer whose kind commits once per task. */
  void transactionalDrain(Peer peer, int tasks, int concurrency, int run) throws Exception {
    drain(peer, TRANSACTIONAL_DRAIN, new Peer.Mode(concurrency, 0), tasks, run);
  }

  private void drain(Peer peer, String workload, Peer.Mode mode, int tasks, int run)
      throws Exception {
    double vacuumSeconds = resetAndCheckpoint(peer);
    long submitStart = System.nanoTime();
    peer.enqueueAll(tasks);
    double submitRate = tasks / ((System.nanoTime() - submitStart) / 1e9);
    AtomicInteger started = new AtomicInteger();
    CpuMeter.Sample from = CpuMeter.sample();
    long start = System.nanoTime();
    peer.start(mode, seq -> started.incrementAndGet());
    Duration timeout = Duration.ofSeconds(60 + tasks / 500);
    awaitAll(peer, started, tasks, start, timeout);
    long end = System.nanoTime();
    CpuMeter.Usage cpu = CpuMeter.between(from, CpuMeter.sample());
    peer.close();
    double rate = tasks / ((end - start) / 1e9);
    PeerTable.Row row = table.row(workload, peer, peer.configuration(mode));
    row.throughput.add(rate);
    row.databaseCpu.add(cpu.postgresCores());
    row.javaCpu.add(cpu.javaCores());
    log(
        run,
        workload,
        peer,
        String.format(
            Locale.ROOT,
            "%,d tasks in %.2f s = %,.0f tasks/s (bulk submit %,.0f tasks/s); %s; %s; vacuum"
                + " before %.1f s",
            tasks,
            (end - start) / 1e9,
            rate,
            submitRate,
            cpu.describe(),
            cpu.describeJavaThreads(),
            vacuumSeconds));
    printStatements(peer, (end - start) / 1e9);
  }

  /** The engine's statements in the measurement, printed and kept as the report's diagnostics. */
  private void printStatements(Peer peer, double seconds) {
    for (String line : peer.statements(seconds)) {
      System.out.println(line);
      table.diagnostic(line);
    }
  }

  void steady(Peer peer, String workload, Peer.Mode mode, int rate, Duration duration, int run)
      throws Exception {
    double vacuumSeconds = resetAndCheckpoint(peer);
    int total = (int) (rate * duration.toSeconds());
    AtomicLongArray submitted = new AtomicLongArray(total);
    AtomicLongArray submitReturned = new AtomicLongArray(total);
    AtomicLongArray startedAt = new AtomicLongArray(total);
    AtomicInteger started = new AtomicInteger();
    AtomicLong lastStart = new AtomicLong();
    peer.start(
        mode,
        seq -> {
          long now = System.nanoTime();
          if (seq >= 0 && seq < total && startedAt.compareAndSet(seq, 0, now)) {
            started.incrementAndGet();
            lastStart.set(now);
          }
        });
    AtomicInteger failures = new AtomicInteger();
    ExecutorService submitters = Executors.newFixedThreadPool(SUBMITTERS);
    Map<String, Long> autovacuumFrom = database.autovacuumRuns();
    Database.WriteCounters writesFrom = database.writeCounters();
    CpuMeter.Sample from = CpuMeter.sample();
    long start = System.nanoTime();
    long interval = 1_000_000_000L / rate;
    long[] dueAt = new long[total];
    for (int i = 0; i < total; i++) {
      long due = start + i * interval;
      dueAt[i] = due;
      long wait = due - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
      int seq = i;
      submitters.execute(
          () -> {
            submitted.set(seq, System.nanoTime());
            try {
              peer.submit(seq);
              submitReturned.set(seq, System.nanoTime());
            } catch (Exception e) {
              if (failures.incrementAndGet() == 1) {
                System.err.println(peer.name() + " submit failed: " + e);
              }
            }
          });
    }
    submitters.shutdown();
    submitters.awaitTermination(1, TimeUnit.MINUTES);
    long submitEnd = System.nanoTime();
    long deadline = submitEnd + Duration.ofSeconds(30).toNanos();
    while (started.get() < total - failures.get() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    long end = Math.max(submitEnd, lastStart.get());
    CpuMeter.Usage cpu = CpuMeter.between(from, CpuMeter.sample());
    String autovacuum = autovacuumBetween(autovacuumFrom, database.autovacuumRuns());
    String writes = database.writeCounters().perTaskSince(writesFrom, started.get());
    peer.close();
    double[] millis = new double[started.get()];
    int k = 0;
    for (int i = 0; i < total && k < millis.length; i++) {
      if (startedAt.get(i) != 0) {
        millis[k++] = (startedAt.get(i) - submitted.get(i)) / 1e6;
      }
    }
    double[] sorted = Stats.sorted(millis);
    double p50 = Stats.percentile(sorted, 50);
    double p99 = Stats.percentile(sorted, 99);
    double[] fromDue = new double[started.get()];
    k = 0;
    for (int i = 0; i < total && k < fromDue.length; i++) {
      if (startedAt.get(i) != 0) {
        fromDue[k++] = (startedAt.get(i) - dueAt[i]) / 1e6;
      }
    }
    double[] sortedFromDue = Stats.sorted(fromDue);
    double scheduledP50 = Stats.percentile(sortedFromDue, 50);
    double scheduledP99 = Stats.percentile(sortedFromDue, 99);
    double[] submitMillis = new double[total];
    int returned = 0;
    for (int i = 0; i < total; i++) {
      if (submitReturned.get(i) != 0) {
        submitMillis[returned++] = (submitReturned.get(i) - submitted.get(i)) / 1e6;
      }
    }
    double submitP50 =
        Stats.percentile(Stats.sorted(java.util.Arrays.copyOf(submitMillis, returned)), 50);
    double throughput = started.get() / ((end - start) / 1e9);
    String pause = longestPause(startedAt, start);
    PeerTable.Row row = table.row(workload, peer, peer.configuration(mode));
    row.throughput.add(throughput);
    row.p50.add(p50);
    row.p99.add(p99);
    row.submitP50.add(submitP50);
    row.scheduledP50.add(scheduledP50);
    row.scheduledP99.add(scheduledP99);
    row.databaseCpu.add(cpu.postgresCores());
    row.javaCpu.add(cpu.javaCores());
    int lost = total - started.get();
    if (lost > 0 || failures.get() > 0) {
      row.problems.add(
          String.format("run %d: %d submits failed, %d never started", run, failures.get(), lost));
    }
    log(
        run,
        workload,
        peer,
        String.format(
            Locale.ROOT,
            "%,d submitted at %d/s, %,d started; started %,.0f tasks/s; submit → start p50 %.2f"
                + " ms, p99 %.2f ms, max %.2f ms; from the schedule p50 %.2f ms, p99 %.2f ms; the"
                + " submit call p50 %.2f ms; longest pause between handler starts %s; %s; %s;"
                + " %s; vacuum before %.1f s; autovacuum during: %s",
            total,
            rate,
            started.get(),
            throughput,
            p50,
            p99,
            sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1],
            scheduledP50,
            scheduledP99,
            submitP50,
            pause,
            cpu.describe(),
            cpu.describeJavaThreads(),
            writes,
            vacuumSeconds,
            autovacuum));
    printStatements(peer, (end - start) / 1e9);
  }

  /**
   * The longest time no handler started, and when it began (seconds after the first submit): at
   * 1,000 submits a second a gap of more than a few milliseconds is a stall, and its length and
   * place tell a stall of the engine from a run that is slow throughout.
   */
  private static String longestPause(AtomicLongArray startedAt, long start) {
    long[] starts = new long[startedAt.length()];
    int n = 0;
    for (int i = 0; i < starts.length; i++) {
      if (startedAt.get(i) != 0) {
        starts[n++] = startedAt.get(i);
      }
    }
    if (n < 2) {
      return "–";
    }
    java.util.Arrays.sort(starts, 0, n);
    long longest = 0;
    long from = starts[0];
    for (int i = 1; i < n; i++) {
      if (starts[i] - starts[i - 1] > longest) {
        longest = starts[i] - starts[i - 1];
        from = starts[i - 1];
      }
    }
    return String.format(Locale.ROOT, "%.1f ms at %.1f s", longest / 1e6, (from - start) / 1e9);
  }

  /** The tables autovacuum vacuumed or analysed between two readings, or "none". */
  private static String autovacuumBetween(Map<String, Long> from, Map<String, Long> to) {
    StringBuilder tables = new StringBuilder();
    to.forEach(
        (table, runs) -> {
          long more = runs - from.getOrDefault(table, 0L);
          if (more > 0) {
            tables.append(tables.isEmpty() ? "" : ", ").append(table);
            if (more > 1) {
              tables.append(" ×").append(more);
            }
          }
        });
    return tables.isEmpty() ? "none" : tables.toString();
  }

  private void log(int run, String workload, Peer peer, String text) {
    String line = "run " + run + " " + workload + ", " + peer.name() + ": " + text;
    System.out.println(line);
    table.diagnostic(line);
  }

  /** Waits until every handler has started, then until the table shows every success. */
  private static void awaitAll(
      Peer peer, AtomicInteger started, int tasks, long start, Duration timeout) throws Exception {
    long deadline = start + timeout.toNanos();
    while (started.get() < tasks) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            peer.name() + ": only " + started.get() + " of " + tasks + " tasks started");
      }
      Thread.sleep(1);
    }
    while (peer.pending() > 0) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(peer.name() + ": tasks still pending after " + timeout);
      }
      Thread.sleep(10);
    }
  }

  /** Simulated I/O: the thread waits, as on a socket, without using the CPU. */
  static void simulateIo(long millis) {
    if (millis > 0) {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The payload is {"seq": n}; jsonb may add spaces, so read the digits. */
  static int sequence(String payload) {
    int i = payload.indexOf(':') + 1;
    while (!Character.isDigit(payload.charAt(i))) {
      i++;
    }
    int seq = 0;
    while (i < payload.length() && Character.isDigit(payload.charAt(i))) {
      seq = seq * 10 + (payload.charAt(i++) - '0');
    }
    return seq;
  }
}
