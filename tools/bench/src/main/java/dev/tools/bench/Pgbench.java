package dev.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * PostgreSQL's own load generator running the ceiling's UPDATE against the same server: a second
 * opinion free of JDBC and of this JVM. Optional: not every machine has the client tools.
 */
final class Pgbench {
  private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+)");

  private final Path binary;
  private final Database database;
  private final Path script;

  private Pgbench(Path binary, Database database, Path script) {
    this.binary = binary;
    this.database = database;
    this.script = script;
  }

  /**
   * The pgbench on the PATH, else the newest under /usr/lib/postgresql; null when there is none.
   */
  static Pgbench find(Database database) {
    Path binary = onPath();
    if (binary == null) {
      binary = underUsrLib();
    }
    if (binary == null) {
      return null;
    }
    try {
      Path script =
          script(
              "bench-ceiling",
              "\\set id random(1, "
                  + CeilingWorkload.ROWS
                  + ")\n"
                  + CeilingWorkload.UPDATE.replace("?", ":id")
                  + ";\n");
      return new Pgbench(binary, database, script);
    } catch (IOException e) {
      return null;
    }
  }

  /** A pgbench script file, deleted when the JVM exits. */
  static Path script(String name, String text) throws IOException {
    Path script = Files.createTempFile(name, ".sql");
    script.toFile().deleteOnExit();
    Files.writeString(script, text);
    return script;
  }

  private static Path onPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      Path candidate = Path.of(dir, "pgbench");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  private static Path underUsrLib() {
    Path root = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(root)) {
      return null;
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions
          .map(v -> v.resolve("bin/pgbench"))
          .filter(Files::isExecutable)
          .max(Comparator.comparing(Path::toString))
          .orElse(null);
    } catch (IOException e) {
      return null;
    }
  }

  String describe() {
    return binary
        + " -n -M prepared -f <the same single-row UPDATE> -c {4,8} -j min(clients, cores)";
  }

  /** The ceiling's UPDATE: transactions per second (initial connection time excluded). */
  double run(int clients, Duration duration) throws IOException, InterruptedException {
    return run(script, clients, duration);
  }

  /** Transactions per second of {@code script} as pgbench reports them. */
  double run(Path script, int clients, Duration duration) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.addAll(
        List.of(
            "-n",
            "-M",
            "prepared",
            "-f",
            script.toString(),
            "-c",
            String.valueOf(clients),
            "-j",
            String.valueOf(Math.min(clients, Runtime.getRuntime().availableProcessors())),
            "-T",
            String.valueOf(duration.toSeconds()),
            "-h",
            database.host(),
            "-p",
            String.valueOf(database.port()),
            "-U",
            database.user(),
            database.database()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("PGPASSWORD", database.password());
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int exit = process.waitFor();
    Matcher m = TPS.matcher(output);
    if (exit != 0 || !m.find()) {
      throw new IOException("pgbench failed (exit " + exit + "):\n" + output);
    }
    return Double.parseDouble(m.group(1));
  }
}
