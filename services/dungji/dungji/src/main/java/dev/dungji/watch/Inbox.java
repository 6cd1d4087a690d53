package dev.dungji.watch;

import dev.dungji.notify.Notice;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The in-app inbox (dungji_inbox): the {@link dev.dungji.notify.Notifier}'s embedded default (the
 * auto-configuration's {@code inbox::send}). Delivering is an insert in the notification task's
 * transaction; a repeated notice of one change is no second message. Not a Notifier itself: the
 * inbox bean exists whatever the notifier is (its API lists the messages), and it must not stand
 * beside another Notifier (the SMTP adapter) as a second candidate.
 */
public class Inbox {
  private final JdbcClient jdbc;

  public Inbox(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public void send(Notice notice) {
    jdbc.sql(
            """
            INSERT INTO dungji_inbox (user_id, change_id, title, body)
            VALUES (:user, :change, :title, :body)
            ON CONFLICT (change_id) DO NOTHING
            """)
        .param("user", notice.userId())
        .param("change", notice.changeId())
        .param("title", notice.title())
        .param("body", notice.body())
        .update();
  }

  /** One message. */
  public record Message(
      long id, long changeId, String title, String body, Instant createdAt, Instant readAt) {}

  /** The user's messages, newest first. */
  public List<Message> of(long userId, int limit) {
    return jdbc.sql(
            "SELECT id, change_id, title, body, created_at, read_at FROM dungji_inbox"
                + " WHERE user_id = :user ORDER BY id DESC LIMIT :limit")
        .param("user", userId)
        .param("limit", limit)
        .query(
            (rs, row) -> {
              Timestamp read = rs.getTimestamp("read_at");
              return new Message(
                  rs.getLong("id"),
                  rs.getLong("change_id"),
                  rs.getString("title"),
                  rs.getString("body"),
                  rs.getTimestamp("created_at").toInstant(),
                  read == null ? null : read.toInstant());
            })
        .list();
  }

  public long unread(long userId) {
    return jdbc.sql("SELECT count(*) FROM dungji_inbox WHERE user_id = :user AND read_at IS NULL")
        .param("user", userId)
        .query(Long.class)
        .single();
  }

  /** Marks the user's message read; false when it is not the user's (or does not exist). */
  public boolean markRead(long userId, long messageId) {
    return jdbc.sql(
                "UPDATE dungji_inbox SET read_at = coalesce(read_at, now())"
                    + " WHERE id = :id AND user_id = :user")
            .param("id", messageId)
            .param("user", userId)
            .update()
        == 1;
  }
}
