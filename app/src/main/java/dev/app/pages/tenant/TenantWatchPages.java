package dev.app.pages.tenant;

import dev.dungji.nest.NestService;
import dev.dungji.watch.Inbox;
import dev.dungji.watch.RegisterChanges;
import dev.dungji.watch.Watch;
import dev.dungji.watch.WatchForm;
import dev.dungji.watch.WatchService;
import dev.dungji.watch.Watches;
import dev.platform.accounts.CurrentUser;
import dev.platform.web.ApiProblem;
import jakarta.servlet.http.HttpServletResponse;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The tenant's watch of a nest (schedule form, runs, change events) and the inbox, on the same
 * services as the JSON API: the nest's owner only (the error page for anyone else).
 */
@Controller
class TenantWatchPages {
  private static final ZoneId SEOUL = ZoneId.of("Asia/Seoul");

  private final NestService nests;
  private final WatchService watches;
  private final Watches rows;
  private final RegisterChanges changes;
  private final Inbox inbox;

  TenantWatchPages(
      NestService nests, WatchService watches, Watches rows, RegisterChanges changes, Inbox inbox) {
    this.nests = nests;
    this.watches = watches;
    this.rows = rows;
    this.changes = changes;
    this.inbox = inbox;
  }

  @GetMapping("/tenant/nests/{nestId}/watch")
  String watch(CurrentUser user, @PathVariable long nestId, Model model) {
    model.addAttribute("nest", nests.owned(user.id(), nestId));
    model.addAttribute("zone", SEOUL);
    Watch watch = rows.byNest(nestId).orElse(null);
    model.addAttribute("watch", watch);
    model.addAttribute("runs", watch == null ? List.of() : rows.runs(watch.id(), 20));
    model.addAttribute("changes", changes.ofNest(nestId, 50));
    return "pages/tenant/watch";
  }

  @PostMapping("/tenant/nests/{nestId}/watch")
  String start(
      CurrentUser user,
      @PathVariable long nestId,
      @RequestParam(defaultValue = "0") int everyDays,
      @RequestParam(defaultValue = "") String until,
      HttpServletResponse response,
      Model model) {
    try {
      if (everyDays < 1 || everyDays > 90) {
        throw new IllegalArgumentException("every_days");
      }
      watches.start(user.id(), nestId, new WatchForm(everyDays, LocalDate.parse(until)));
    } catch (IllegalArgumentException | DateTimeParseException e) {
      return invalid(user, nestId, response, model, "WATCH_FORM_INVALID");
    } catch (ApiProblem refused) {
      if (refused.status().value() != 400) {
        throw refused; // someone else's nest, a missing one: the error page
      }
      return invalid(user, nestId, response, model, refused.code());
    }
    return "redirect:/tenant/nests/" + nestId + "/watch";
  }

  @PostMapping("/tenant/nests/{nestId}/watch/stop")
  String stop(CurrentUser user, @PathVariable long nestId) {
    watches.stop(user.id(), nestId);
    return "redirect:/tenant/nests/" + nestId + "/watch";
  }

  @GetMapping("/tenant/inbox")
  String inbox(CurrentUser user, Model model) {
    model.addAttribute("messages", inbox.of(user.id(), 50));
    model.addAttribute("unread", inbox.unread(user.id()));
    return "pages/tenant/inbox";
  }

  @PostMapping("/tenant/inbox/{messageId}/read")
  String read(CurrentUser user, @PathVariable long messageId) {
    inbox.markRead(user.id(), messageId);
    return "redirect:/tenant/inbox";
  }

  private String invalid(
      CurrentUser user, long nestId, HttpServletResponse response, Model model, String code) {
    response.setStatus(400);
    model.addAttribute("invalid", code);
    return watch(user, nestId, model);
  }
}
