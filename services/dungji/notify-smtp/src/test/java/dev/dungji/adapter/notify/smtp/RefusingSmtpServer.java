package dev.dungji.adapter.notify.smtp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * An SMTP server on a random port that accepts the session and answers every RCPT TO with the given
 * reply ("550 5.1.1 no such user", "450 4.2.1 mailbox busy"), as a real server refuses a recipient.
 * GreenMail accepts every recipient, so it cannot play this part.
 */
final class RefusingSmtpServer implements AutoCloseable {
  private final ServerSocket socket;
  private final Thread thread;

  RefusingSmtpServer(String rcptReply) throws IOException {
    socket = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
    thread = Thread.ofVirtual().start(() -> serve(rcptReply));
  }

  int port() {
    return socket.getLocalPort();
  }

  private void serve(String rcptReply) {
    while (!socket.isClosed()) {
      try (Socket client = socket.accept()) {
        BufferedReader in =
            new BufferedReader(
                new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
        OutputStream out = client.getOutputStream();
        reply(out, "220 refusing.test ESMTP");
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          String command = line.toUpperCase();
          if (command.startsWith("EHLO") || command.startsWith("HELO")) {
            reply(out, "250 refusing.test");
          } else if (command.startsWith("MAIL")) {
            reply(out, "250 2.1.0 ok");
          } else if (command.startsWith("RCPT")) {
            reply(out, rcptReply);
          } else if (command.startsWith("QUIT")) {
            reply(out, "221 2.0.0 bye");
            break;
          } else {
            reply(out, "250 ok");
          }
        }
      } catch (IOException closed) {
        // The socket was closed by close(), or the client went away: serve the next one.
      }
    }
  }

  private static void reply(OutputStream out, String line) throws IOException {
    out.write((line + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  @Override
  public void close() throws Exception {
    socket.close();
    thread.join(2_000);
  }
}
