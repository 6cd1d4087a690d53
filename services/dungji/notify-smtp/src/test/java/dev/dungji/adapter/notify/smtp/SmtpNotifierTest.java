package dev.dungji.adapter.notify.smtp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import dev.dungji.notify.Notice;
import dev.dungji.notify.NoticeUndeliverableException;
import dev.dungji.notify.NotifierUnavailableException;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The adapter against GreenMail on a random port, and against a server that never answers. */
class SmtpNotifierTest {
  private static final Notice NOTICE =
      new Notice(
          7,
          "tenant@example.com",
          42,
          "[둥지] 등기부 변동: 해오름빌라 302호 / Register changed",
          "을구 3번 근저당권설정 (채권최고액 금240,000,000원)\n\n변동 내역 / Changes: /nests/5/watch/changes");

  private GreenMail smtp;

  @BeforeEach
  void start() {
    smtp = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
    smtp.start();
  }

  @AfterEach
  void stop() {
    smtp.stop();
  }

  private static SmtpNotifier notifier(int port, Duration readTimeout) {
    return new SmtpNotifier(
        new SmtpSettings(
            "127.0.0.1",
            port,
            "둥지 <noreply@dungji.example>",
            null,
            null,
            false,
            Duration.ofSeconds(2),
            readTimeout));
  }

  @Test
  void aMailArrivesInUtf8WithTheNoticesSubjectAndBody() throws Exception {
    notifier(smtp.getSmtp().getPort(), Duration.ofSeconds(5)).send(NOTICE);

    assertThat(smtp.waitForIncomingEmail(5_000, 1)).isTrue();
    MimeMessage mail = smtp.getReceivedMessages()[0];
    assertThat(mail.getSubject()).isEqualTo(NOTICE.title());
    assertThat(mail.getAllRecipients())
        .extracting(Object::toString)
        .containsExactly("tenant@example.com");
    assertThat(mail.getFrom()[0].toString()).contains("noreply@dungji.example");
    assertThat(mail.getContentType())
        .containsIgnoringCase("text/plain")
        .containsIgnoringCase("charset=UTF-8");
    assertThat(((String) mail.getContent()).replace("\r\n", "\n")).isEqualTo(NOTICE.body());
    assertThat(mail.getHeader(SmtpNotifier.CHANGE_HEADER)).containsExactly("42");
    // The raw subject is encoded (RFC 2047, UTF-8): no bare Korean bytes in the header.
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    mail.writeTo(raw);
    String head = raw.toString(StandardCharsets.US_ASCII);
    assertThat(head).containsIgnoringCase("Subject: =?UTF-8?");
  }

  @Test
  void aStoppedServerIsUnavailable() {
    int port = smtp.getSmtp().getPort();
    smtp.stop();

    assertThatThrownBy(() -> notifier(port, Duration.ofSeconds(2)).send(NOTICE))
        .isInstanceOf(NotifierUnavailableException.class)
        .hasMessageContaining(Integer.toString(port));
  }

  @Test
  void aServerThatNeverGreetsTimesOutAsUnavailable() throws Exception {
    // Listening but never accepting: the connection is made, no greeting ever comes.
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      long started = System.nanoTime();
      assertThatThrownBy(() -> notifier(silent.getLocalPort(), Duration.ofMillis(300)).send(NOTICE))
          .isInstanceOf(NotifierUnavailableException.class)
          .hasRootCauseInstanceOf(java.net.SocketTimeoutException.class);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }
  }

  @Test
  void noAddressOrABadOneIsUndeliverableNotRetried() {
    SmtpNotifier notifier = notifier(smtp.getSmtp().getPort(), Duration.ofSeconds(2));
    Notice noAddress = new Notice(7, null, 42, NOTICE.title(), NOTICE.body());
    Notice badAddress = new Notice(7, "not an address@", 42, NOTICE.title(), NOTICE.body());

    assertThatThrownBy(() -> notifier.send(noAddress))
        .isInstanceOf(NoticeUndeliverableException.class);
    assertThatThrownBy(() -> notifier.send(badAddress))
        .isInstanceOf(NoticeUndeliverableException.class);
    assertThat(smtp.getReceivedMessages()).isEmpty();
  }

  @Test
  void aRecipientRefusedFor5xxIsUndeliverableAnd4xxIsUnavailable() throws Exception {
    try (RefusingSmtpServer refusing = new RefusingSmtpServer("550 5.1.1 no such user")) {
      assertThatThrownBy(() -> notifier(refusing.port(), Duration.ofSeconds(2)).send(NOTICE))
          .isInstanceOf(NoticeUndeliverableException.class)
          .hasMessageContaining("tenant@example.com");
    }
    try (RefusingSmtpServer busy = new RefusingSmtpServer("450 4.2.1 mailbox busy")) {
      assertThatThrownBy(() -> notifier(busy.port(), Duration.ofSeconds(2)).send(NOTICE))
          .isInstanceOf(NotifierUnavailableException.class);
    }
  }
}
