package dev.taskrow.core;

import java.util.List;

/**
 * One page of an admin search, newest first.
 *
 * @param nextCursor pass it to the next call for the following page; null on the last page
 */
public record TaskPage(List<Task> tasks, String nextCursor) {
  public TaskPage {
    tasks = List.copyOf(tasks);
  }
}
