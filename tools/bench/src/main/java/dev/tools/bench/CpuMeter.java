package dev.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * CPU time of this JVM and of every process named postgres, from /proc (Linux only; elsewhere the
 * split is simply not reported). On two cores the question "who burns the CPU, Java or the
 * database?" decides where to optimise; the JVM's share is split further by thread (the JIT
 * compiler, virtual-thread carriers, the engine's own threads), because a JVM still compiling
 * during a short measurement takes cores the database would otherwise get.
 */
final class CpuMeter {
  // USER_HZ: 100 on every mainstream Linux; /proc reports CPU time in these ticks.
  private static final double TICKS_PER_SECOND = 100.0;
  private static final Path PROC = Path.of("/proc");

  /** The thread group of the JIT's compiler threads. */
  static final String JIT_COMPILER = "JIT compiler";

  /**
   * Cumulative ticks; the machine's from the first line of /proc/stat; {@code javaThreadTicks} by
   * thread id, each with its group.
   */
  record Sample(
      long nanos,
      Map<Long, GroupTicks> javaThreadTicks,
      long javaTicks,
      long postgresTicks,
      long userTicks,
      long systemTicks,
      long ioWaitTicks,
      long stealTicks) {}

  /** One thread's cumulative ticks and the group it is reported under. */
  record GroupTicks(String group, long ticks) {}

  /**
   * CPU use between two samples, in cores (1.0 = one core busy the whole time); {@code
   * javaThreadCores} by thread group, largest first.
   */
  record Usage(
      double seconds,
      Map<String, Double> javaThreadCores,
      double javaCores,
      double postgresCores,
      double userCores,
      double systemCores,
      double ioWaitCores,
      double stealCores) {
    /** PostgreSQL's CPU time per unit of work (a task, a commit), in milliseconds. */
    double postgresMillisPer(double units) {
      return units <= 0 ? Double.NaN : postgresCores * seconds * 1000 / units;
    }

    /**
     * The whole machine's CPU time (user and system) per unit of work, in milliseconds: for a
     * client that opens connections of its own (pgbench), whose server processes end before the
     * last sample and so escape {@link #postgresMillisPer}.
     */
    double machineMillisPer(double units) {
      return units <= 0 ? Double.NaN : (userCores + systemCores) * seconds * 1000 / units;
    }

    String describe() {
      return String.format(
          Locale.ROOT,
          "CPU over %.1f s: java %.2f cores, postgres %.2f cores; machine user %.2f, system %.2f,"
              + " iowait %.2f, steal %.2f cores",
          seconds,
          javaCores,
          postgresCores,
          userCores,
          systemCores,
          ioWaitCores,
          stealCores);
    }

    /** The JVM's cores by thread group, e.g. "JIT compiler 0.21, virtual threads 0.18, …". */
    String describeJavaThreads() {
      return javaThreadCores.entrySet().stream()
          .filter(e -> e.getValue() >= 0.005)
          .map(e -> String.format(Locale.ROOT, "%s %.2f", e.getKey(), e.getValue()))
          .collect(Collectors.joining(", ", "java by thread (cores): ", ""));
    }
  }

  static boolean available() {
    return Files.isReadable(PROC.resolve("self/stat"));
  }

  static Sample sample() {
    if (!available()) {
      return new Sample(System.nanoTime(), Map.of(), 0, 0, 0, 0, 0, 0);
    }
    Map<Long, GroupTicks> threads = javaThreads();
    long java = processTicks(PROC.resolve("self/stat"), null);
    long postgres = 0;
    try (Stream<Path> entries = Files.list(PROC)) {
      for (Path p : (Iterable<Path>) entries::iterator) {
        String name = p.getFileName().toString();
        if (!name.isEmpty() && Character.isDigit(name.charAt(0))) {
          postgres += processTicks(p.resolve("stat"), "postgres");
        }
      }
    } catch (IOException e) {
      postgres = 0;
    }
    long[] machine = new long[9];
    try {
      // cpu  user nice system idle iowait irq softirq steal
      String[] cpu = Files.readAllLines(PROC.resolve("stat")).get(0).trim().split("\\s+");
      for (int i = 1; i < cpu.length && i <= 8; i++) {
        machine[i] = Long.parseLong(cpu[i]);
      }
    } catch (IOException | RuntimeException e) {
      // leave the machine's figures at zero
    }
    return new Sample(
        System.nanoTime(),
        threads,
        java,
        postgres,
        machine[1] + machine[2],
        machine[3] + machine[6] + machine[7],
        machine[5],
        machine[8]);
  }

  static Usage between(Sample from, Sample to) {
    double seconds = (to.nanos() - from.nanos()) / 1e9;
    double scale = TICKS_PER_SECOND * seconds;
    return new Usage(
        seconds,
        threadCores(from, to, scale),
        (to.javaTicks() - from.javaTicks()) / scale,
        (to.postgresTicks() - from.postgresTicks()) / scale,
        (to.userTicks() - from.userTicks()) / scale,
        (to.systemTicks() - from.systemTicks()) / scale,
        (to.ioWaitTicks() - from.ioWaitTicks()) / scale,
        (to.stealTicks() - from.stealTicks()) / scale);
  }

  /**
   * Each group's ticks between the samples: a thread's ticks since the first sample, or since it
   * started. A thread that ended before the second sample takes its ticks with it; what the JVM's
   * total holds beyond the threads still running is reported as "ended threads".
   */
  private static Map<String, Double> threadCores(Sample from, Sample to, double scale) {
    Map<String, Long> ticks = new HashMap<>();
    long counted = 0;
    for (Map.Entry<Long, GroupTicks> e : to.javaThreadTicks().entrySet()) {
      GroupTicks before = from.javaThreadTicks().get(e.getKey());
      long delta = e.getValue().ticks() - (before == null ? 0 : before.ticks());
      ticks.merge(e.getValue().group(), delta, Long::sum);
      counted += delta;
    }
    long ended = (to.javaTicks() - from.javaTicks()) - counted;
    if (ended > 0) {
      ticks.merge("ended threads", ended, Long::sum);
    }
    return ticks.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
        .collect(
            Collectors.toMap(
                Map.Entry::getKey, e -> e.getValue() / scale, (a, b) -> a, LinkedHashMap::new));
  }

  /** This JVM's threads (/proc/self/task), by thread id, with their group and ticks. */
  private static Map<Long, GroupTicks> javaThreads() {
    return threads(PROC.resolve("self/task"));
  }

  /** The threads of one process's task directory, by thread id, with their group and ticks. */
  private static Map<Long, GroupTicks> threads(Path taskDirectory) {
    Map<Long, GroupTicks> threads = new HashMap<>();
    try (Stream<Path> tasks = Files.list(taskDirectory)) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        try {
          String line = Files.readString(task.resolve("stat"));
          String name = line.substring(line.indexOf('(') + 1, line.lastIndexOf(')'));
          threads.put(
              Long.parseLong(task.getFileName().toString()),
              new GroupTicks(threadGroup(name), ticks(line)));
        } catch (IOException | RuntimeException e) {
          // the thread ended while the directory was read
        }
      }
    } catch (IOException e) {
      return Map.of(); // the process is gone
    }
    return threads;
  }

  /**
   * The group a thread's name (Linux keeps its first 15 characters) is reported under. The JDK's
   * default scheduler runs every virtual thread on "ForkJoinPool-1-worker-N" carriers, so the
   * handlers, the completions they send and their JDBC I/O all show as "virtual threads".
   */
  private static String threadGroup(String name) {
    if (name.contains("CompilerThre")) {
      return JIT_COMPILER;
    }
    if (name.startsWith("GC Thread")
        || name.startsWith("G1 ")
        || name.equals("VM Thread")
        || name.startsWith("VM Periodic")) {
      return "GC and VM";
    }
    if (name.startsWith("ForkJoinPool-")) {
      return "virtual threads";
    }
    if (name.endsWith("Poller")) {
      // MasterPoller, Read-Poller, Write-Poller: where a virtual thread blocked on a socket waits
      return "virtual-thread I/O pollers";
    }
    if (name.startsWith("taskrow-")) {
      return name.replaceAll("-\\d+$", "");
    }
    return "other";
  }

  /** Cumulative CPU ticks (utime + stime) of the given processes, e.g. worker JVMs. */
  static long ticksOf(List<Long> pids) {
    long ticks = 0;
    for (long pid : pids) {
      ticks += processTicks(PROC.resolve(pid + "/stat"), null);
    }
    return ticks;
  }

  /**
   * Cumulative CPU ticks of the given processes' threads, by thread group (as {@link
   * #threadGroup}). A thread that ended — the JVM starts and stops JIT compiler threads as its
   * compile queue grows and shrinks — takes its ticks with it: a group may show less than it used.
   */
  static Map<String, Long> threadGroupTicksOf(List<Long> pids) {
    Map<String, Long> groups = new HashMap<>();
    for (long pid : pids) {
      threads(PROC.resolve(pid + "/task"))
          .values()
          .forEach(thread -> groups.merge(thread.group(), thread.ticks(), Long::sum));
    }
    return groups;
  }

  /** Ticks as cores over a number of seconds (1.0 = one core busy the whole time). */
  static double cores(long ticks, double seconds) {
    return ticks / (TICKS_PER_SECOND * seconds);
  }

  /** utime + stime of one process, or 0 when it is gone or not named {@code comm}. */
  private static long processTicks(Path stat, String comm) {
    try {
      String line = Files.readString(stat);
      if (comm != null
          && !line.substring(line.indexOf('(') + 1, line.lastIndexOf(')')).equals(comm)) {
        return 0;
      }
      return ticks(line);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /** utime + stime from a /proc/…/stat line. */
  private static long ticks(String statLine) {
    String[] fields = statLine.substring(statLine.lastIndexOf(')') + 2).split(" ");
    // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }
}
