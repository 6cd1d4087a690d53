package dev.dongchimi;

import java.util.List;

/** One page of results; {@code has_next} tells whether another follows. */
public record Page<T>(List<T> items, int page, int size, boolean hasNext) {
  static final int MAX_SIZE = 100;
  static final int MAX_OFFSET = 10_000;

  public static void check(int page, int size) {
    if (size < 1 || size > MAX_SIZE) {
      throw Problem.invalid("INVALID_PAGE_SIZE", "size must be within 1.." + MAX_SIZE);
    }
    if (page < 0 || (long) page * size > MAX_OFFSET) {
      throw Problem.invalid(
          "INVALID_PAGE", "page must be >= 0 and page * size at most " + MAX_OFFSET);
    }
  }

  /** From a query that fetched {@code size + 1} rows. */
  public static <T> Page<T> of(List<T> rows, int page, int size) {
    boolean more = rows.size() > size;
    return new Page<>(more ? rows.subList(0, size) : rows, page, size, more);
  }
}
