package dev.dungji.adapter.notify.smtp;

import dev.dungji.notify.Notice;
import dev.dungji.notify.NoticeUndeliverableException;
import dev.dungji.notify.Notifier;
import dev.dungji.notify.NotifierUnavailableException;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;

/**
 * Sends a {@link Notice} as one UTF-8 plain-text mail (subject: the notice's title; body: its text)
 * to the account's address. What went wrong decides what the task does next:
 *
 * <ul>
 *   <li>server down, connection refused, timed out, a 4xx answer: {@link
 *       NotifierUnavailableException}, the task tries again later;
 *   <li>no address, an address that does not parse, the recipient refused with a 5xx answer: {@link
 *       NoticeUndeliverableException}, trying again would not help.
 * </ul>
 */
public class SmtpNotifier implements Notifier {
  /** The header a reader (or a filter) sees a repeated notice of one change by. */
  static final String CHANGE_HEADER = "X-Dungji-Change-Id";

  private final SmtpSettings settings;
  private final Session session;
  private final InternetAddress from;

  public SmtpNotifier(SmtpSettings settings) {
    this.settings = settings;
    this.session = Session.getInstance(properties(settings));
    try {
      this.from = new InternetAddress(settings.from(), true);
    } catch (AddressException e) {
      throw new IllegalArgumentException("not a sender address: " + settings.from(), e);
    }
  }

  private static Properties properties(SmtpSettings s) {
    Properties p = new Properties();
    p.setProperty("mail.transport.protocol", "smtp");
    p.setProperty("mail.smtp.host", s.host());
    p.setProperty("mail.smtp.port", Integer.toString(s.port()));
    p.setProperty("mail.smtp.connectiontimeout", Long.toString(s.connectTimeout().toMillis()));
    p.setProperty("mail.smtp.timeout", Long.toString(s.readTimeout().toMillis()));
    p.setProperty("mail.smtp.writetimeout", Long.toString(s.readTimeout().toMillis()));
    p.setProperty("mail.smtp.starttls.enable", Boolean.toString(s.starttls()));
    p.setProperty("mail.smtp.starttls.required", Boolean.toString(s.starttls()));
    p.setProperty("mail.smtp.auth", Boolean.toString(s.username() != null));
    p.setProperty("mail.mime.charset", "UTF-8");
    return p;
  }

  @Override
  public void send(Notice notice)
      throws NotifierUnavailableException, NoticeUndeliverableException {
    InternetAddress to = recipient(notice);
    try {
      MimeMessage mail = new MimeMessage(session);
      mail.setFrom(from);
      mail.setRecipient(Message.RecipientType.TO, to);
      mail.setSubject(notice.title(), StandardCharsets.UTF_8.name());
      mail.setText(notice.body(), StandardCharsets.UTF_8.name(), "plain");
      mail.setHeader(CHANGE_HEADER, Long.toString(notice.changeId()));
      mail.setSentDate(new Date());
      if (settings.username() == null) {
        Transport.send(mail);
      } else {
        Transport.send(mail, settings.username(), settings.password());
      }
    } catch (SendFailedException e) {
      if (refusedForGood(e)) {
        throw new NoticeUndeliverableException(
            "the SMTP server refuses recipient " + to + " for good: " + e.getMessage(), e);
      }
      throw new NotifierUnavailableException("SMTP send failed: " + e.getMessage(), e);
    } catch (MessagingException e) {
      throw new NotifierUnavailableException(
          "SMTP server " + settings.host() + ":" + settings.port() + " unavailable: " + e, e);
    }
  }

  private static InternetAddress recipient(Notice notice) throws NoticeUndeliverableException {
    if (notice.email() == null || notice.email().isBlank()) {
      throw new NoticeUndeliverableException(
          "account " + notice.userId() + " has no e-mail address", null);
    }
    try {
      return new InternetAddress(notice.email(), true);
    } catch (AddressException e) {
      throw new NoticeUndeliverableException("not an e-mail address: " + notice.email(), e);
    }
  }

  /**
   * True when the server refused the (only) recipient with a permanent 5xx answer; a 4xx answer
   * (mailbox busy, greylisting) is worth trying again.
   */
  private static boolean refusedForGood(SendFailedException e) {
    Address[] invalid = e.getInvalidAddresses();
    if (invalid == null || invalid.length == 0) {
      return false;
    }
    Exception next = e.getNextException();
    while (next != null) {
      if (next instanceof SMTPAddressFailedException refused) {
        return refused.getReturnCode() >= 500;
      }
      next = next instanceof MessagingException m ? m.getNextException() : null;
    }
    return true;
  }
}
