package dev.taskrow.spring;

import dev.taskrow.core.TaskHandler;
import dev.taskrow.core.Taskrow;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which queues this process runs, at what concurrency, with which handlers. Worked out when the
 * context starts, so a queue configured without a handler stops start-up with a clear message.
 *
 * <p>With {@code taskrow.worker.queues} set, only those queues run (one service for OCR, another
 * for imports) and handlers of other queues are left to other processes. Empty, every queue with a
 * handler runs at the default concurrency.
 */
record WorkerPlan(Map<String, Integer> queues, Map<String, TaskHandler> handlers) {

  static WorkerPlan of(
      Taskrow taskrow, Iterable<TaskDefinition> definitions, TaskrowProperties.Worker properties) {
    Map<String, TaskHandler> allHandlers = new LinkedHashMap<>();
    for (TaskDefinition definition : definitions) {
      String kind = definition.kind().name();
      if (allHandlers.putIfAbsent(kind, definition.handler()) != null) {
        throw new IllegalStateException("two TaskDefinition beans handle task kind " + kind);
      }
    }
    Set<String> handledQueues = new TreeSet<>();
    allHandlers.keySet().forEach(kind -> handledQueues.add(taskrow.kind(kind).queue()));

    Map<String, Integer> queues = new LinkedHashMap<>();
    if (properties.getQueues().isEmpty()) {
      handledQueues.forEach(queue -> queues.put(queue, properties.getDefaultConcurrency()));
    } else {
      properties
          .getQueues()
          .forEach(
              (queue, concurrency) -> {
                if (!handledQueues.contains(queue)) {
                  throw new IllegalStateException(
                      "taskrow.worker.queues."
                          + queue
                          + ": no TaskDefinition bean handles a kind of queue "
                          + queue
                          + "; queues with handlers: "
                          + handledQueues);
                }
                queues.put(queue, concurrency);
              });
    }
    Map<String, TaskHandler> handlers = new LinkedHashMap<>();
    allHandlers.forEach(
        (kind, handler) -> {
          if (queues.containsKey(taskrow.kind(kind).queue())) {
            handlers.put(kind, handler);
          }
        });
    return new WorkerPlan(
        Collections.unmodifiableMap(queues), Collections.unmodifiableMap(handlers));
  }

  boolean isEmpty() {
    return queues.isEmpty();
  }
}
