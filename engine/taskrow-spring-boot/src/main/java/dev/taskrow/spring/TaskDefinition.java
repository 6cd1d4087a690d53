package dev.taskrow.spring;

import dev.taskrow.core.TaskHandler;
import dev.taskrow.core.TaskKind;
import java.util.Objects;

/**
 * A task kind and the handler that runs it, declared as a bean. The auto-configuration registers
 * the kind with the engine and the handler with this process's worker. A process that only submits
 * declares plain {@link TaskKind} beans instead.
 *
 * <pre>{@code
 * @Bean
 * TaskDefinition registryIssue(RegistryIssuer issuer) {
 *   return TaskDefinition.of(
 *       TaskKind.named("registry.issue").queue("issuance").maxAttempts(5).build(),
 *       context -> issuer.issue(context.subject()));
 * }
 * }</pre>
 */
public record TaskDefinition(TaskKind kind, TaskHandler handler) {
  public TaskDefinition {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(handler, "handler");
  }

  public static TaskDefinition of(TaskKind kind, TaskHandler handler) {
    return new TaskDefinition(kind, handler);
  }
}
