package dev.taskrow.core;

import java.util.Objects;

/**
 * At most {@code limit} tasks of a kind in flight per key, across every instance.
 *
 * <p>The key is a template evaluated once, when a task is submitted, and stored on its row: literal
 * text with placeholders in braces. {@code {subject}} is the task's subject; any other name is a
 * field of the JSON payload, dotted for a nested one ({@code {mart.id}}). So {@code mart:{martId}}
 * allows {@code limit} imports per mart at a time, and a key without placeholders ({@code issuer})
 * is one key for the whole kind: at most {@code limit} of the kind in flight cluster-wide. A task
 * whose key cannot be computed (a field missing or null, an object or array, no subject) is refused
 * at submit.
 *
 * <p>A task holds a slot of its key while it has a lease (running, or its lease expired and not yet
 * rescued). One waiting for a retry or snoozing holds none. A task held back by its key's limit
 * stays as it is (PENDING, or waiting), consumes no attempt, and is claimed when a slot frees.
 *
 * @param key the key template
 * @param limit tasks of one key in flight at most (at least 1; checked by {@link TaskKind}, which
 *     names the kind)
 */
public record ConcurrencyLimit(String key, int limit) {

  public ConcurrencyLimit {
    Objects.requireNonNull(key, "key");
  }

  public static ConcurrencyLimit of(String key, int limit) {
    return new ConcurrencyLimit(key, limit);
  }

  /** Checks the limit and the key template; the message names the kind. */
  void check(String kind) {
    if (limit < 1) {
      throw new IllegalArgumentException(
          kind + ": concurrency limit must be at least 1, was " + limit + " (key " + key + ")");
    }
    try {
      ConcurrencyKey.parse(key);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(kind + ": " + e.getMessage(), e);
    }
  }
}
