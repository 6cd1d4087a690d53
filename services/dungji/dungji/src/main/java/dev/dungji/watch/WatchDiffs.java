package dev.dungji.watch;

import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RegisterChange;
import dev.dungji.register.RegisterDiff;
import dev.dungji.registry.Payloads;
import dev.dungji.registry.RegisterAnalysed;
import dev.dungji.registry.RegistryAnalyses;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskContext;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * The analysis's hook for watched nests: a new register is compared with the nest's previous one,
 * and each change is recorded with a notification task, in the analysis task's transaction — the
 * change exists if and only if the analysis succeeded, and its notification cannot be lost.
 */
public class WatchDiffs implements RegisterAnalysed {
  public static final String NOTIFY_KIND = "dungji.watch-notify";

  // The shape AnalysisHandler stores registers in; a field added later to the register is no
  // reason to fail reading an older one.
  private static final JsonMapper JSON =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private final Watches watches;
  private final RegistryAnalyses analyses;
  private final RegisterChanges changes;

  public WatchDiffs(Watches watches, RegistryAnalyses analyses, RegisterChanges changes) {
    this.watches = watches;
    this.analyses = analyses;
    this.changes = changes;
  }

  /** Records what changed since the previous analysis, when the nest is watched. */
  @Override
  public void analysed(TaskContext ctx, long nestId, UUID analysisTaskId, ParsedRegister register) {
    record(ctx, nestId, analysisTaskId, register);
  }

  /** As {@link #analysed}; answers how many changes were recorded. */
  int record(TaskContext ctx, long nestId, UUID analysisTaskId, ParsedRegister register) {
    Optional<Watch> watch = watches.byNest(nestId).filter(Watch::active);
    if (watch.isEmpty()) {
      return 0;
    }
    Optional<RegistryAnalyses.Stored> previous = analyses.previousRegister(nestId, analysisTaskId);
    if (previous.isEmpty()) {
      return 0;
    }
    ParsedRegister before = JSON.readValue(previous.get().register(), ParsedRegister.class);
    List<RegisterChange> found = RegisterDiff.between(before, register);
    for (RegisterChange change : found) {
      long id =
          changes.insert(
              nestId,
              watch.get().ownerId(),
              analysisTaskId,
              previous.get().analysisTaskId(),
              change);
      ctx.submit(
          NewTask.of(NOTIFY_KIND)
              .subject("register-change:" + id)
              .payload(Payloads.of("change_id", id))
              .parent(analysisTaskId));
    }
    return found.size();
  }
}
