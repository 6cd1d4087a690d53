package dev.dungji.adapter.notify.smtp;

import java.time.Duration;

/**
 * How to reach the SMTP server and whom the mail is from.
 *
 * @param host the server's host name
 * @param port its port (25, 587 for submission with STARTTLS)
 * @param from the sender address, e.g. {@code 둥지 <noreply@example.com>}
 * @param username the login, or null to send without authentication
 * @param password the login's password (only with a username)
 * @param starttls require STARTTLS before sending (the connection fails when the server lacks it)
 * @param connectTimeout connecting
 * @param readTimeout waiting for one answer of the server (also used for writes)
 */
public record SmtpSettings(
    String host,
    int port,
    String from,
    String username,
    String password,
    boolean starttls,
    Duration connectTimeout,
    Duration readTimeout) {

  /** Without the password: settings end up in logs. */
  @Override
  public String toString() {
    return "SmtpSettings[host="
        + host
        + ", port="
        + port
        + ", from="
        + from
        + ", username="
        + username
        + ", starttls="
        + starttls
        + "]";
  }
}
