package dev.tools.faults;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A worker in a process of its own, so that a kill is a real SIGKILL of a real JVM. */
final class WorkerProcess {
  private final String id;
  private final Process process;
  private final CompletableFuture<Void> ready = new CompletableFuture<>();

  private WorkerProcess(String id, Process process) {
    this.id = id;
    this.process = process;
    Thread.ofPlatform()
        .daemon()
        .name("stdout-" + id)
        .start(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                  if (line.startsWith("READY ")) {
                    ready.complete(null);
                  }
                }
              } catch (IOException e) {
                ready.completeExceptionally(e);
              }
              ready.completeExceptionally(new IllegalStateException(id + " exited before READY"));
            });
  }

  /** Starts a worker with the given {@code key=value} settings and waits until it claims. */
  static WorkerProcess start(String id, Path logDir, List<String> settings) {
    return start(id, logDir, settings, FaultWorkerMain.class);
  }

  /** The same with another worker main class (one that prints READY as well). */
  static WorkerProcess start(String id, Path logDir, List<String> settings, Class<?> mainClass) {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-Xmx256m");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass.getName());
    command.add("id=" + id);
    command.addAll(settings);
    try {
      Files.createDirectories(logDir);
      Process process =
          new ProcessBuilder(command)
              .redirectError(ProcessBuilder.Redirect.appendTo(logDir.resolve(id + ".log").toFile()))
              .start();
      WorkerProcess worker = new WorkerProcess(id, process);
      worker.ready.get(60, TimeUnit.SECONDS);
      return worker;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (Exception e) {
      throw new IllegalStateException("worker " + id + " did not start; see its log", e);
    }
  }

  String id() {
    return id;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL: no shutdown hook, no hand-back; its leases must expire. */
  void kill() {
    process.destroyForcibly();
    awaitExit(Duration.ofSeconds(30));
  }

  /** SIGTERM: the shutdown hook hands unfinished tasks back. */
  void terminate() {
    process.destroy();
  }

  boolean awaitExit(Duration timeout) {
    try {
      return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
