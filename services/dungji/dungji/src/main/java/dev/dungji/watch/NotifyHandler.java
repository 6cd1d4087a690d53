package dev.dungji.watch;

import dev.dungji.notify.Notice;
import dev.dungji.notify.NoticeUndeliverableException;
import dev.dungji.notify.Notifier;
import dev.dungji.notify.NotifierUnavailableException;
import dev.dungji.registry.Payloads;
import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Tells the tenant of one change event through the {@link Notifier}; a notifier that cannot deliver
 * now (SMTP down, refused) fails NOTIFIER_UNAVAILABLE, retried with backoff on the same row up to
 * the kind's attempts. A notice that can never be delivered (no address, a recipient the SMTP
 * server refuses for good) fails NOTICE_UNDELIVERABLE at once, never retried. The change event
 * stays recorded whatever happens (the tenant still sees it on the nest's changes); notified_at
 * says when it was delivered and stays empty when it was not.
 */
public class NotifyHandler implements TaskHandler {
  public static final String NOTIFIER_UNAVAILABLE = "NOTIFIER_UNAVAILABLE";
  public static final String CHANGE_NOT_FOUND = "CHANGE_NOT_FOUND";
  public static final String NOTICE_UNDELIVERABLE = "NOTICE_UNDELIVERABLE";

  private final RegisterChanges changes;
  private final Notifier notifier;
  private final JdbcClient jdbc;

  public NotifyHandler(RegisterChanges changes, Notifier notifier, JdbcClient jdbc) {
    this.changes = changes;
    this.notifier = notifier;
    this.jdbc = jdbc;
  }

  @Override
  public void handle(TaskContext ctx) throws TaskFailure {
    long id = Payloads.read(ctx.payload(), "change_id");
    RegisterChanges.Recorded change =
        changes
            .byId(id)
            .orElseThrow(() -> TaskFailure.fatal(CHANGE_NOT_FOUND, "no change event " + id));
    String nest =
        jdbc.sql("SELECT name FROM dungji_nest WHERE id = :id")
            .param("id", change.nestId())
            .query(String.class)
            .single();
    Notice notice =
        new Notice(
            change.ownerId(),
            email(change.ownerId()),
            change.id(),
            "[둥지] 등기부 변동: " + nest + " / Register changed",
            change.description()
                + "\n\n"
                + "지켜보는 집 '"
                + nest
                + "'의 등기부등본에 변동이 있습니다. 계약 전에 확인하세요."
                + "\nThe register of a nest you watch has changed; check it before you sign."
                + "\n\n변동 내역 / Changes: /nests/"
                + change.nestId()
                + "/watch/changes");
    try {
      notifier.send(notice);
    } catch (NotifierUnavailableException e) {
      throw TaskFailure.retryable(NOTIFIER_UNAVAILABLE, e.getMessage(), e);
    } catch (NoticeUndeliverableException e) {
      throw TaskFailure.fatal(NOTICE_UNDELIVERABLE, e.getMessage(), e);
    }
    changes.markNotified(change.id(), ctx.now());
    ctx.result("{\"change_id\": " + change.id() + "}");
  }

  /**
   * The account's address, read from the account system's table (it has no lookup of its own yet);
   * null when the account is gone.
   */
  private String email(long userId) {
    return jdbc.sql("SELECT email FROM accounts_user WHERE id = :id")
        .param("id", userId)
        .query(String.class)
        .optional()
        .orElse(null);
  }
}
