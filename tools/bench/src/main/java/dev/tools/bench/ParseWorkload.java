package dev.tools.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A large sheet's parse (the import's guard and streaming parser) in a child JVM limited to {@code
 * -Xmx256m}, with the same java and class path: whether it fits, how long it takes, how much heap
 * it used at most and how much its result keeps.
 */
final class ParseWorkload implements AutoCloseable {
  static final String HEAP = "-Xmx256m";
  private final int rows;
  private Path file;

  ParseWorkload(int rows) {
    this.rows = rows;
  }

  void run(Results results, int run) throws Exception {
    if (file == null) {
      file = Files.createTempFile("bench-parse-", ".xlsx");
      try (OutputStream out = Files.newOutputStream(file)) {
        BenchSheets.write(out, rows, LocalDate.now(ZoneId.of("Asia/Seoul")));
      }
    }
    Map<String, Long> probe = probe();
    if (probe.get("rows") != rows || probe.get("errors") != 0) {
      throw new IllegalStateException("the parse read " + probe + " of " + rows + " rows");
    }
    String n = String.format(Locale.ROOT, "%,d", rows);
    double mb = 1024.0 * 1024.0;
    results
        .figure(ImportWorkload.WORKLOAD, n + "-row parse in " + HEAP, "s", false)
        .add(probe.get("millis") / 1000.0);
    results
        .figure(ImportWorkload.WORKLOAD, n + "-row parse, peak heap used", "MB", true)
        .add(probe.get("peakHeapBytes") / mb);
    results
        .figure(ImportWorkload.WORKLOAD, n + "-row parse, heap its result keeps", "MB", true)
        .add(probe.get("retainedHeapBytes") / mb);
    results.diagnostic(
        String.format(
            Locale.ROOT,
            "run %d parse: %,d rows (%,d KB file) in %,d ms, peak heap %.0f MB, retained %.0f MB,"
                + " max heap %.0f MB",
            run,
            probe.get("rows"),
            Files.size(file) / 1024,
            probe.get("millis"),
            probe.get("peakHeapBytes") / mb,
            probe.get("retainedHeapBytes") / mb,
            probe.get("maxHeapBytes") / mb));
    System.out.printf(
        Locale.ROOT,
        "parse run %d: %,d rows in %,d ms, peak heap %.0f MB of %s%n",
        run,
        rows,
        probe.get("millis"),
        probe.get("peakHeapBytes") / mb,
        HEAP);
  }

  private Map<String, Long> probe() throws IOException, InterruptedException {
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command =
        List.of(
            java,
            HEAP,
            "-cp",
            System.getProperty("java.class.path"),
            ParseProbe.class.getName(),
            file.toString(),
            String.valueOf(rows));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> output = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        output.add(line);
      }
    }
    if (!child.waitFor(10, TimeUnit.MINUTES) || child.exitValue() != 0) {
      child.destroyForcibly();
      throw new IllegalStateException(
          "the parse in " + HEAP + " failed: " + String.join("\n", output));
    }
    String line =
        output.stream()
            .filter(l -> l.startsWith(ParseProbe.PREFIX))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("no result: " + output));
    Map<String, Long> values = new HashMap<>();
    for (String pair : line.substring(ParseProbe.PREFIX.length()).split(" ")) {
      String[] kv = pair.split("=");
      values.put(kv[0], Long.parseLong(kv[1]));
    }
    return values;
  }

  @Override
  public void close() throws IOException {
    if (file != null) {
      Files.deleteIfExists(file);
    }
  }
}
