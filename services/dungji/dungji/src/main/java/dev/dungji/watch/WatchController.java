package dev.dungji.watch;

import dev.dungji.Callers;
import dev.dungji.DungjiException;
import dev.platform.web.ProblemResponse;
import jakarta.validation.Valid;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Watching a nest's register: PUT/GET/DELETE /nests/{nestId}/watch, the nest's change events, and
 * the caller's inbox. The nest's owner only (404 NEST_NOT_FOUND, 403 NEST_PERMISSION).
 */
@RestController
public class WatchController {
  /** The newest this many runs and change events are shown. */
  static final int SHOWN = 50;

  private final WatchService watches;
  private final Watches rows;
  private final RegisterChanges changes;
  private final Inbox inbox;

  public WatchController(WatchService watches, Watches rows, RegisterChanges changes, Inbox inbox) {
    this.watches = watches;
    this.rows = rows;
    this.changes = changes;
    this.inbox = inbox;
  }

  /** Starts the watch, or changes its schedule (a stopped one runs again). */
  @PutMapping("/nests/{nestId}/watch")
  @ProblemResponse(status = 404, codes = "NEST_NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NEST_PERMISSION")
  @ProblemResponse(status = 400, codes = WatchService.WATCH_UNTIL_INVALID)
  WatchView start(
      @PathVariable long nestId, @Valid @RequestBody WatchForm form, Authentication auth) {
    return view(watches.start(Callers.userId(auth), nestId, form));
  }

  @GetMapping("/nests/{nestId}/watch")
  @ProblemResponse(
      status = 404,
      codes = {"NEST_NOT_FOUND", WatchService.WATCH_NOT_FOUND})
  @ProblemResponse(status = 403, codes = "NEST_PERMISSION")
  WatchView get(@PathVariable long nestId, Authentication auth) {
    return view(watches.owned(Callers.userId(auth), nestId));
  }

  @DeleteMapping("/nests/{nestId}/watch")
  @ProblemResponse(
      status = 404,
      codes = {"NEST_NOT_FOUND", WatchService.WATCH_NOT_FOUND})
  @ProblemResponse(status = 403, codes = "NEST_PERMISSION")
  WatchView stop(@PathVariable long nestId, Authentication auth) {
    return view(watches.stop(Callers.userId(auth), nestId));
  }

  /** What changed on the nest's register, newest first (empty when nothing has). */
  @GetMapping("/nests/{nestId}/watch/changes")
  @ProblemResponse(
      status = 404,
      codes = {"NEST_NOT_FOUND", WatchService.WATCH_NOT_FOUND})
  @ProblemResponse(status = 403, codes = "NEST_PERMISSION")
  List<ChangeView> changes(@PathVariable long nestId, Authentication auth) {
    Watch watch = watches.owned(Callers.userId(auth), nestId);
    return changes.ofNest(watch.nestId(), SHOWN).stream().map(ChangeView::of).toList();
  }

  @GetMapping("/inbox")
  InboxView inbox(Authentication auth) {
    long user = Callers.userId(auth);
    return new InboxView(inbox.unread(user), inbox.of(user, SHOWN));
  }

  @PostMapping("/inbox/{messageId}/read")
  @ProblemResponse(status = 404, codes = "INBOX_MESSAGE_NOT_FOUND")
  ResponseEntity<Void> read(@PathVariable long messageId, Authentication auth) {
    if (!inbox.markRead(Callers.userId(auth), messageId)) {
      // Someone else's message is answered as a missing one: its id says nothing.
      throw new DungjiException(
          HttpStatus.NOT_FOUND, "INBOX_MESSAGE_NOT_FOUND", "no message " + messageId);
    }
    return ResponseEntity.noContent().build();
  }

  private WatchView view(Watch w) {
    return new WatchView(
        w.nestId(),
        w.active(),
        w.everyDays(),
        w.until(),
        w.active() ? w.nextDueAt() : null,
        w.stoppedAt(),
        rows.runs(w.id(), SHOWN));
  }

  /** A watch as the API shows it; runs newest first. */
  public record WatchView(
      long nestId,
      boolean active,
      int everyDays,
      LocalDate until,
      Instant nextDueAt,
      Instant stoppedAt,
      List<Watches.Run> runs) {}

  /** A change event as the API shows it. */
  public record ChangeView(
      long id,
      String type,
      String section,
      String rank,
      String kind,
      String description,
      UUID analysisTaskId,
      Instant createdAt,
      Instant notifiedAt) {
    static ChangeView of(RegisterChanges.Recorded c) {
      return new ChangeView(
          c.id(),
          c.type(),
          c.section(),
          c.rank(),
          c.kind(),
          c.description(),
          c.analysisTaskId(),
          c.createdAt(),
          c.notifiedAt());
    }
  }

  /** The caller's inbox: unread count and the newest messages. */
  public record InboxView(long unread, List<Inbox.Message> messages) {}
}
