package dev.dungji.registry;

import dev.dungji.register.ParsedRegister;
import dev.taskrow.core.TaskContext;
import java.util.UUID;

/**
 * Told of each register the analysis stores, in the analysis task's transaction (what it writes or
 * submits commits with the analysis's SUCCESS, or not at all). The watch's diff is one.
 */
@FunctionalInterface
public interface RegisterAnalysed {
  RegisterAnalysed NONE = (ctx, nestId, analysisTaskId, register) -> {};

  void analysed(TaskContext ctx, long nestId, UUID analysisTaskId, ParsedRegister register);
}
