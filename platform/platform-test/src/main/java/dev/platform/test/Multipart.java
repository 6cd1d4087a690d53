package dev.platform.test;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * A {@code multipart/form-data} body for {@link ApiClient}: text fields and files, in the order
 * added, as a browser's form sends them.
 *
 * <pre>{@code
 * Multipart form = Multipart.form().field("title", "전단").file("pages", "p1.png", "image/png", png);
 * api.post("/marts/" + mart + "/flyers", token, form);
 * }</pre>
 */
public final class Multipart {
  private static final byte[] CRLF = {'\r', '\n'};
  private final String boundary = "platform-test-" + UUID.randomUUID();
  private final ByteArrayOutputStream parts = new ByteArrayOutputStream();

  private Multipart() {}

  public static Multipart form() {
    return new Multipart();
  }

  public Multipart field(String name, String value) {
    part("Content-Disposition: form-data; name=\"" + name + "\"\r\n");
    parts.writeBytes(value.getBytes(StandardCharsets.UTF_8));
    parts.writeBytes(CRLF);
    return this;
  }

  /** A file part; {@code contentType} is what the client claims, the server may check the bytes. */
  public Multipart file(String name, String filename, String contentType, byte[] bytes) {
    part(
        "Content-Disposition: form-data; name=\""
            + name
            + "\"; filename=\""
            + filename
            + "\"\r\nContent-Type: "
            + contentType
            + "\r\n");
    parts.writeBytes(bytes);
    parts.writeBytes(CRLF);
    return this;
  }

  private void part(String headers) {
    parts.writeBytes(
        ("--" + boundary + "\r\n" + headers + "\r\n").getBytes(StandardCharsets.UTF_8));
  }

  String contentType() {
    return "multipart/form-data; boundary=" + boundary;
  }

  BodyPublisher publisher() {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(parts.toByteArray());
    body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    return BodyPublishers.ofByteArray(body.toByteArray());
  }
}
