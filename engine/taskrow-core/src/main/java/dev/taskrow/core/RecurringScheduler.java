package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's periodic enqueueing of its recurring kinds' due slots. Every instance runs one and
 * none leads: per kind, one transaction locks the kind's row in {@code taskrow_schedule} (SKIP
 * LOCKED, so a busy row is left to the instance holding it), inserts a task for each due slot after
 * the row's mark, and moves the mark to the latest of them. A slot at or before the mark is never
 * enqueued again, even once its task finished and was pruned: exactly one task per slot.
 *
 * <p>When more than one slot is due at once (the instances were down, or the database was), the
 * kind's {@link MisfirePolicy} says how many of them run; the rest are skipped, logged and counted.
 */
final class RecurringScheduler implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(RecurringScheduler.class);

  /** Slots walked in one tick at most: a long outage must not stall a tick. */
  static final int MAX_COUNTED = 10_000;

  /** The slots one tick enqueued for one kind, and how many due slots the policy skipped. */
  record Enqueued(String kind, List<Instant> slots, long skipped) {}

  private final Taskrow engine;
  private final List<TaskKind> kinds;
  private final ScheduleRepository schedules;
  // Per kind, the next slot after the mark this scheduler last read: until then the kind's row is
  // not read at all, so an idle schedule costs no transaction per tick. A hint only: the mark in
  // the row decides (with the database clock, a JVM clock behind it delays a slot by the skew).
  private final Map<String, Instant> nextDue = new ConcurrentHashMap<>();

  RecurringScheduler(Taskrow engine, List<TaskKind> kinds) {
    this.engine = engine;
    this.kinds = kinds.stream().filter(kind -> kind.schedule() != null).toList();
    this.schedules = engine.scheduleRepository();
  }

  boolean isEmpty() {
    return kinds.isEmpty();
  }

  @Override
  public void run() {
    for (TaskKind kind : kinds) {
      try {
        tick(kind);
      } catch (SQLException | RuntimeException e) {
        log.warn("enqueueing the due slots of {} failed: {}", kind.name(), e.toString());
      }
    }
  }

  /** One look at every kind's schedule; what was enqueued, kinds with nothing due left out. */
  List<Enqueued> tick() throws SQLException {
    List<Enqueued> all = new ArrayList<>();
    for (TaskKind kind : kinds) {
      tick(kind).ifPresent(all::add);
    }
    return all;
  }

  private Optional<Enqueued> tick(TaskKind kind) throws SQLException {
    Instant notBefore = nextDue.get(kind.name());
    if (notBefore != null && engine.now().isBefore(notBefore)) {
      return Optional.empty();
    }
    Instant[] next = new Instant[1];
    Optional<Enqueued> enqueued =
        engine.inEngineTransaction(
            tx -> {
              Optional<ScheduleRepository.Mark> mark = schedules.lock(tx.connection(), kind.name());
              if (mark.isEmpty()) {
                // No row yet: the schedule starts now, with its next slot. Or another instance
                // holds the row: it enqueues what is due.
                if (schedules.create(tx.connection(), kind.name())) {
                  log.info("{} scheduled: {}", kind.name(), kind.schedule());
                }
                return Optional.empty();
              }
              Due due = due(kind.schedule(), mark.get());
              Instant through =
                  due.slots().isEmpty() ? mark.get().enqueuedThrough() : due.slots().getLast();
              next[0] = kind.schedule().next(through);
              if (due.slots().isEmpty()) {
                return Optional.empty();
              }
              List<Instant> inserted = new ArrayList<>();
              List<NewTask> tasks = new ArrayList<>();
              for (Instant slot : due.slots()) {
                if (schedules.insertSlot(tx.connection(), engine.newTaskId(), kind, slot)) {
                  inserted.add(slot);
                  tasks.add(NewTask.of(kind.name()).subject(slot.toString()));
                }
              }
              schedules.advance(tx.connection(), kind.name(), due.slots().getLast());
              engine.announceWork(tx, Collections.nCopies(tasks.size(), kind), tasks);
              return Optional.of(new Enqueued(kind.name(), inserted, due.skipped()));
            });
    // Only once committed: a rolled-back tick must look again at the next one.
    if (next[0] != null) {
      nextDue.put(kind.name(), next[0]);
    }
    enqueued.ifPresent(this::report);
    return enqueued;
  }

  /**
   * The slots after the mark and at or before now that the policy runs, oldest first. They are
   * found walking forward from the mark with {@link Schedule#next}, so the slots are the same
   * whichever instance looks (walking back from now can disagree around a daylight-saving change:
   * cron-utils' {@code lastExecution} sees a local time that comes twice as two slots, its {@code
   * nextExecution} as one). A walk longer than {@link #MAX_COUNTED} slots (a long outage of a short
   * schedule) jumps to just before the slots it keeps; the skipped count is then a lower bound.
   */
  static Due due(Schedule schedule, ScheduleRepository.Mark mark) {
    int keep = schedule.misfire().maxSlots();
    Instant now = mark.now();
    ArrayDeque<Instant> kept = new ArrayDeque<>(Math.min(keep, 16));
    long skipped = 0;
    Instant from = mark.enqueuedThrough();
    for (Instant slot = schedule.next(from); !slot.isAfter(now); slot = schedule.next(slot)) {
      if (kept.size() == keep) {
        kept.removeFirst();
        skipped++;
      }
      kept.addLast(slot);
      if (skipped + kept.size() == MAX_COUNTED) {
        Instant jumpTo = jumpBack(schedule, now, keep);
        if (jumpTo.isAfter(slot)) {
          skipped += kept.size();
          kept.clear();
          slot = jumpTo;
        }
      }
    }
    return new Due(List.copyOf(kept), skipped);
  }

  /** An instant {@code keep} slots before the latest due one, from which to walk forward. */
  private static Instant jumpBack(Schedule schedule, Instant now, int keep) {
    Instant at = now.plusMillis(1);
    for (int i = 0; i <= keep; i++) {
      Instant previous = schedule.previous(at);
      if (previous == null) {
        break;
      }
      at = previous;
    }
    return at;
  }

  /** Due slots to enqueue, oldest first, and how many were skipped. */
  record Due(List<Instant> slots, long skipped) {}

  private void report(Enqueued enqueued) {
    if (enqueued.skipped() > 0) {
      log.warn(
          "{}: {} missed slot(s) skipped by its misfire policy{}; enqueued {}",
          enqueued.kind(),
          enqueued.skipped(),
          enqueued.skipped() >= MAX_COUNTED ? " (or more)" : "",
          enqueued.slots());
    } else {
      log.debug("{}: enqueued slots {}", enqueued.kind(), enqueued.slots());
    }
    engine.listeners().onSlotsEnqueued(enqueued.kind(), enqueued.slots(), enqueued.skipped());
  }
}
