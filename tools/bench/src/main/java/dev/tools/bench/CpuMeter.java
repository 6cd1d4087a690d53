package dev.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * CPU time of this JVM and of every process named postgres, from /proc (Linux only; elsewhere the
 * split is simply not reported). On two cores the question "who burns the CPU, Java or the
 * database?" decides where to optimise.
 */
final class CpuMeter {
  // USER_HZ: 100 on every mainstream Linux; /proc reports CPU time in these ticks.
  private static final double TICKS_PER_SECOND = 100.0;
  private static final Path PROC = Path.of("/proc");

  /** Cumulative ticks; the machine's from the first line of /proc/stat. */
  record Sample(
      long nanos,
      long javaTicks,
      long postgresTicks,
      long userTicks,
      long systemTicks,
      long ioWaitTicks,
      long stealTicks) {}

  /** CPU use between two samples, in cores (1.0 = one core busy the whole time). */
  record Usage(
      double seconds,
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
  }

  static boolean available() {
    return Files.isReadable(PROC.resolve("self/stat"));
  }

  static Sample sample() {
    if (!available()) {
      return new Sample(System.nanoTime(), 0, 0, 0, 0, 0, 0);
    }
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
        (to.javaTicks() - from.javaTicks()) / scale,
        (to.postgresTicks() - from.postgresTicks()) / scale,
        (to.userTicks() - from.userTicks()) / scale,
        (to.systemTicks() - from.systemTicks()) / scale,
        (to.ioWaitTicks() - from.ioWaitTicks()) / scale,
        (to.stealTicks() - from.stealTicks()) / scale);
  }

  /** Cumulative CPU ticks (utime + stime) of the given processes, e.g. worker JVMs. */
  static long ticksOf(List<Long> pids) {
    long ticks = 0;
    for (long pid : pids) {
      ticks += processTicks(PROC.resolve(pid + "/stat"), null);
    }
    return ticks;
  }

  /** Ticks as cores over a number of seconds (1.0 = one core busy the whole time). */
  static double cores(long ticks, double seconds) {
    return ticks / (TICKS_PER_SECOND * seconds);
  }

  /** utime + stime of one process, or 0 when it is gone or not named {@code comm}. */
  private static long processTicks(Path stat, String comm) {
    try {
      String line = Files.readString(stat);
      int open = line.indexOf('(');
      int close = line.lastIndexOf(')');
      if (comm != null && !line.substring(open + 1, close).equals(comm)) {
        return 0;
      }
      String[] fields = line.substring(close + 2).split(" ");
      // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}
