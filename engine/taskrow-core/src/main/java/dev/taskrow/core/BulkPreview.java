package dev.taskrow.core;

/**
 * A bulk action's dry run: how many tasks it would act on now. Confirm with that count as the
 * expected count; the action refuses to act on more.
 *
 * @param count the tasks that match, exact up to {@code limit}; {@code limit + 1} means more
 * @param overLimit more than {@code limit} match: narrow the filter, one bulk action takes at most
 *     {@code limit} tasks
 */
public record BulkPreview(int count, boolean overLimit, int limit) {}
