package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.taskrow.test.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** UUIDv7 task ids: version, variant, the clock's millisecond, and order within a process. */
class TaskIdsTest {
  private final SettableClock clock = new SettableClock(Instant.parse("2026-12-02T05:20:00.123Z"));
  private final TaskIds ids = new TaskIds(clock);

  @Test
  void anIdIsVersion7AndCarriesTheClocksMillisecond() {
    UUID id = ids.next();

    assertThat(id.version()).isEqualTo(7);
    assertThat(id.variant()).isEqualTo(2);
    assertThat(id.toString()).startsWith("01a23532-047b-7").matches(".{19}[89ab].*");
    assertThat(TaskIds.createdAt(id)).isEqualTo(Instant.parse("2026-12-02T05:20:00.123Z"));
  }

  @Test
  void idsOfOneMillisecondAndOfLaterOnesIncreaseInPostgresOrder() {
    List<UUID> made = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      if (i % 1000 == 999) {
        clock.advance(Duration.ofMillis(1));
      }
      made.add(ids.next());
    }
    // PostgreSQL compares uuids byte by byte, unsigned: the text form's order.
    List<String> texts = made.stream().map(UUID::toString).toList();
    assertThat(texts).isSorted().doesNotHaveDuplicates();
    assertThat(new HashSet<>(made)).hasSize(5000);
  }

  @Test
  void whenTheClockStepsBackIdsFollowIt() {
    UUID before = ids.next();
    clock.advance(Duration.ofMillis(-5));
    UUID after = ids.next();

    assertThat(TaskIds.createdAt(after)).isEqualTo(TaskIds.createdAt(before).minusMillis(5));
  }

  @Test
  void theBoundsOfAMillisecondEncloseItsIds() {
    Instant at = clock.instant();
    UUID id = ids.next();

    assertThat(TaskIds.floor(at).toString()).isEqualTo("01a23532-047b-7000-8000-000000000000");
    assertThat(TaskIds.floor(at.plusNanos(999_999))).isEqualTo(TaskIds.floor(at));
    assertThat(TaskIds.floor(at).toString()).isLessThanOrEqualTo(id.toString());
    assertThat(TaskIds.after(at).toString())
        .isGreaterThan(id.toString())
        .isEqualTo(TaskIds.floor(at.plusMillis(1)).toString());
  }

  @Test
  void aRandomIdHasNoCreatedTime() {
    assertThatThrownBy(() -> TaskIds.createdAt(UUID.randomUUID()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a UUIDv7");
  }
}
