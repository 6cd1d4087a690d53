package dev.taskrow.spring;

import dev.taskrow.core.ConcurrencyLimit;
import dev.taskrow.core.RetryPolicy;
import dev.taskrow.core.TaskKind;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects the kinds declared as beans and applies the {@code taskrow.kinds.*} overrides. */
final class TaskKinds {
  private TaskKinds() {}

  static List<TaskKind> assemble(
      List<TaskKind> kindBeans,
      List<TaskDefinition> definitions,
      Map<String, TaskrowProperties.Kind> overrides) {
    Map<String, TaskKind> byName = new LinkedHashMap<>();
    List<TaskKind> declared = new ArrayList<>(kindBeans);
    definitions.forEach(definition -> declared.add(definition.kind()));
    for (TaskKind kind : declared) {
      TaskKind previous = byName.putIfAbsent(kind.name(), kind);
      if (previous != null && !previous.equals(kind)) {
        throw new IllegalStateException(
            "task kind " + kind.name() + " is declared twice with different settings");
      }
    }
    overrides.forEach(
        (name, override) -> {
          TaskKind kind = byName.get(name);
          if (kind == null) {
            throw new IllegalStateException(
                "taskrow.kinds."
                    + name
                    + " configures an unknown task kind; declared kinds: "
                    + byName.keySet()
                    + " (a kind name with dots needs brackets: taskrow.kinds[registry.issue].lease)");
          }
          byName.put(name, override(kind, override));
        });
    return List.copyOf(byName.values());
  }

  static TaskKind override(TaskKind kind, TaskrowProperties.Kind override) {
    try {
      return new TaskKind(
          kind.name(),
          orElse(override.getQueue(), kind.queue()),
          orElse(override.getMaxAttempts(), kind.maxAttempts()),
          orElse(override.getLease(), kind.lease()),
          orElse(override.getTimeLimit(), kind.timeLimit()),
          orElse(override.getStaleAfter(), kind.staleAfter()),
          retryPolicy(kind.retryPolicy(), override.getRetry()),
          orElse(override.getMaxSnoozes(), kind.maxSnoozes()),
          orElse(override.getTransactional(), kind.transactional()),
          orElse(override.getCommitBatch(), kind.commitBatch()),
          concurrencyLimit(kind, override),
          KindSchedules.override(kind.schedule(), override.getSchedule()));
    } catch (IllegalArgumentException | DateTimeException e) {
      throw new IllegalStateException(
          "taskrow.kinds." + kind.name() + " is invalid: " + e.getMessage(), e);
    }
  }

  /** The code's limit with the key or the limit overridden; both are needed for a limit. */
  private static ConcurrencyLimit concurrencyLimit(TaskKind kind, TaskrowProperties.Kind override) {
    ConcurrencyLimit declared = kind.concurrencyLimit();
    String key = orElse(override.getConcurrencyKey(), declared == null ? null : declared.key());
    Integer limit =
        orElse(override.getConcurrencyLimit(), declared == null ? null : declared.limit());
    if (key == null && limit == null) {
      return null;
    }
    if (key == null || limit == null) {
      throw new IllegalArgumentException(
          kind.name()
              + ": a concurrency limit needs both concurrency-key and concurrency-limit, got "
              + (key == null ? "no key" : "key " + key)
              + " and "
              + (limit == null ? "no limit" : "limit " + limit));
    }
    return ConcurrencyLimit.of(key, limit);
  }

  private static RetryPolicy retryPolicy(RetryPolicy base, TaskrowProperties.Retry override) {
    return new RetryPolicy(
        orElse(override.getInitialDelay(), base.initialDelay()),
        orElse(override.getMultiplier(), base.multiplier()),
        orElse(override.getMaxDelay(), base.maxDelay()),
        orElse(override.getJitter(), base.jitter()),
        orElse(override.getAlwaysRetry(), base.alwaysRetry()),
        orElse(override.getNeverRetry(), base.neverRetry()),
        orElse(override.getRetryUnknown(), base.retryUnknown()));
  }

  private static <T> T orElse(T value, T fallback) {
    return value != null ? value : fallback;
  }
}
