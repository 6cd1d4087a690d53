package dev.tools.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * {@code --workloads=peers}: taskrow, db-scheduler, JobRunr and Quartz on the same PostgreSQL in
 * the same run, each on its own tables, through the same three workloads, interleaved run by run
 * (engine after engine inside each workload, the steady ones in reverse order in even runs) so a
 * noisy phase of a shared machine spreads over all of them; then the same server's single-row
 * UPDATE ceiling.
 */
final class PeersBench {
  private final Options options;
  private final Database database;
  private final LocalDateTime startedAt;
  private final Map<String, String> header;

  PeersBench(
      Options options, Database database, LocalDateTime startedAt, Map<String, String> header) {
    this.options = options;
    this.database = database;
    this.startedAt = startedAt;
    this.header = header;
  }

  void run() throws Exception {
    header.put(
        "settings",
        String.format(
            "runs %d; drain %,d tasks; steady %d submits/s for %d s; I/O handler %d ms at"
                + " concurrency %d; ceiling %d s per measurement",
            options.runs(),
            options.tasks(),
            options.steadyRate(),
            options.steadyDuration().toSeconds(),
            options.ioMillis(),
            options.ioConcurrency(),
            options.ceilingDuration().toSeconds()));
    header.forEach((k, v) -> System.out.println(k + ": " + v));
    List<Peer> peers =
        List.of(
            new TaskrowPeer(database, options, SignalsChoice.POSTGRES),
            new DbSchedulerPeer(database),
            new JobRunrPeer(database),
            new QuartzPeer(database));
    // The drain also runs taskrow's transactional kind, the one real handlers use (issue 19, aim
    // 2): one commit per task, and up to 32 tasks per commit (ADR 0019), against the same ceiling.
    List<Peer> drainPeers = new ArrayList<>(peers);
    drainPeers.add(1, TaskrowPeer.transactionalDrain(database, options, 1));
    drainPeers.add(
        2, TaskrowPeer.transactionalDrain(database, options, DrainWorkload.COMMIT_BATCH));
    // The steady workload also runs taskrow with every task through the table, as a submit from a
    // process without a worker goes: woken by NOTIFY, and in-process (the difference is the NOTIFY
    // hop). The first taskrow row is the default, where this JVM's worker takes its own submits.
    List<Peer> steadyPeers = new ArrayList<>(peers);
    steadyPeers.add(
        1, new TaskrowPeer(database, options, SignalsChoice.POSTGRES, true, false, false));
    steadyPeers.add(
        2, new TaskrowPeer(database, options, SignalsChoice.IN_PROCESS, true, false, false));
    PeerTable table = new PeerTable();
    PeerWorkload workload = new PeerWorkload(table, database);
    Results ceilingResults = new Results();
    CeilingWorkload ceiling = new CeilingWorkload(database, options.ceilingDuration());
    ceiling.prepare(ceilingResults);
    PeerWorkload.warmUp(database, drainPeers, steadyPeers, options.tasks(), options.steadyRate());
    Peer.Mode steady = new Peer.Mode(0, 0);
    Peer.Mode io = new Peer.Mode(options.ioConcurrency(), options.ioMillis());
    for (int run = 1; run <= options.runs(); run++) {
      for (Peer peer : drainPeers) {
        workload.drain(peer, peer.drainTasks(options.tasks()), run);
      }
      // The steady workloads in the listed order in odd runs and reversed in even ones, so no
      // engine holds the place right after the drains in every run: taskrow's default, always
      // there, had its submit call at 1.1–2.3 ms against 0.8–1.5 for the others (2026-12-07), and
      // whether the place was the cause could not be told.
      List<Peer> steadyOrder = new ArrayList<>(steadyPeers);
      List<Peer> ioOrder = new ArrayList<>(peers);
      if (run % 2 == 0) {
        Collections.reverse(steadyOrder);
        Collections.reverse(ioOrder);
      }
      for (Peer peer : steadyOrder) {
        workload.steady(
            peer, PeerWorkload.STEADY, steady, options.steadyRate(), options.steadyDuration(), run);
      }
      for (Peer peer : ioOrder) {
        workload.steady(
            peer, PeerWorkload.IO, io, options.steadyRate(), options.steadyDuration(), run);
      }
      ceiling.run(ceilingResults, run);
    }
    for (Peer peer : drainPeers) {
      peer.close();
    }
    for (Peer peer : steadyPeers) {
      peer.reset();
      peer.close();
    }
    List<String> notes =
        List.of(
            "Medians of "
                + options.runs()
                + " interleaved runs (the steady workloads' engines in reverse order in even runs)"
                + " after an unrecorded warm-up: a drain of each engine, then rounds of the steady"
                + " workload until the JIT compiler is quiet (at most four). Before each"
                + " measurement the engine's tables are emptied and the database vacuumed and"
                + " checkpointed.",
            "db-scheduler's immediate execution only wakes a scheduler in the JVM that submitted;"
                + " taskrow's LISTEN/NOTIFY signals wake workers in any process, through the"
                + " database even when the worker is in the submitting JVM.",
            "taskrow, in-process signals: the same engine woken within its JVM (steady workload"
                + " only); its difference from taskrow is the cost of the NOTIFY hop.",
            "JobRunr's open-source edition polls at most every 5 s: its steady latency is half"
                + " the poll interval on average, whatever the load.",
            "Quartz, clustered (safe with several instances, as the other engines are), takes"
                + " the TRIGGER_ACCESS row lock of its qrtz_locks table for every submit, every"
                + " acquisition and every job's completion: they run one at a time across the"
                + " cluster. It drains at most 5,000 tasks per run (a few hundred a second).");
    String report = table.render(header, ceilingResults, notes);
    System.out.println();
    System.out.println(report);
    Path file = options.reportFile("peers", startedAt);
    Files.createDirectories(file.getParent());
    Files.writeString(file, report);
    System.out.println("Written to " + file.toAbsolutePath());
  }
}
