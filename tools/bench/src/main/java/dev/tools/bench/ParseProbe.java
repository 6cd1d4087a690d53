package dev.tools.bench;

import dev.dongchimi.importer.ImportProperties;
import dev.dongchimi.importer.SheetParser;
import dev.dongchimi.importer.XlsxGuard;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.ref.Reference;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.springframework.util.unit.DataSize;

/**
 * Runs in a child JVM with a small heap ({@code -Xmx256m}): the import's guard and streaming parse
 * of one file, as the task does, then one line with the time and the heap it took. A parse that did
 * not fit would end in an OutOfMemoryError and a non-zero exit instead.
 */
public final class ParseProbe {
  static final String PREFIX = "PARSE ";

  private ParseProbe() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    int maxRows = Integer.parseInt(args[1]);
    ImportProperties limits =
        new ImportProperties(
            DataSize.ofMegabytes(100),
            DataSize.ofMegabytes(200),
            200,
            maxRows,
            8,
            0,
            3,
            4,
            Duration.ofMillis(500),
            Duration.ofSeconds(60));
    List<MemoryPoolMXBean> heap =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP)
            .toList();
    System.gc();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long started = System.nanoTime();
    XlsxGuard.check(file, limits);
    SheetParser.Parsed parsed =
        new SheetParser(maxRows, LocalDate.now(ZoneId.of("Asia/Seoul"))).parse(file);
    long millis = (System.nanoTime() - started) / 1_000_000;
    // Each pool's own peak, summed: an upper bound of the heap in use at any one moment.
    long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    System.gc();
    long retained = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    System.out.printf(
        "%srows=%d errors=%d millis=%d peakHeapBytes=%d retainedHeapBytes=%d maxHeapBytes=%d%n",
        PREFIX,
        parsed.rows().size(),
        parsed.errors().size(),
        millis,
        peak,
        retained,
        Runtime.getRuntime().maxMemory());
    Reference.reachabilityFence(parsed);
  }
}
