package dev.dungji.watch;

import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskHandler;

/**
 * Runs the watch scan as the task of one slot of its schedule ({@code dungji.watch.scan-interval});
 * what it did goes in the task's result.
 */
public class WatchScanHandler implements TaskHandler {
  private final WatchScanner scanner;

  public WatchScanHandler(WatchScanner scanner) {
    this.scanner = scanner;
  }

  @Override
  public void handle(TaskContext context) {
    WatchScanner.Scanned s = scanner.scan();
    context.result(
        "{\"issued\": %d, \"reused\": %d, \"refused\": %d, \"ended\": %d}"
            .formatted(s.issued(), s.reused(), s.refused(), s.ended()));
  }
}
