package dev.platform.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link ObjectStorage} adapter must have. An adapter's test extends this class
 * and supplies the store; each test works under its own random prefix so stores may be shared.
 */
public abstract class ObjectStorageContractTest {

  /** The store under test. Called once per test. */
  protected abstract ObjectStorage storage();

  /**
   * Fetches a signed URL as an anonymous client would. The default is a plain HTTP GET; adapters
   * whose URLs are served by something the test does not run override it.
   */
  protected Fetched fetch(URI url) throws Exception {
    try (HttpClient client = HttpClient.newHttpClient()) {
      HttpResponse<byte[]> response =
          client.send(
              HttpRequest.newBuilder(url).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
      return new Fetched(response.statusCode(), response.body());
    }
  }

  /** The answer to a signed-URL fetch. */
  public record Fetched(int status, byte[] body) {}

  protected ObjectStorage store;
  protected String prefix;

  @BeforeEach
  void setUpContract() {
    store = storage();
    prefix = "contract/" + UUID.randomUUID() + "/";
  }

  protected static InputStream bytes(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  protected void putString(String key, String content) {
    byte[] data = content.getBytes(StandardCharsets.UTF_8);
    store.put(key, new ByteArrayInputStream(data), data.length, "text/plain");
  }

  protected String read(String key) throws IOException {
    try (InputStream in = store.get(key)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void putThenGetReturnsTheSameBytes() throws IOException {
    putString(prefix + "a/b.txt", "등기부등본 hello");

    assertThat(read(prefix + "a/b.txt")).isEqualTo("등기부등본 hello");
    assertThat(store.exists(prefix + "a/b.txt")).isTrue();
  }

  @Test
  void putReplacesAnExistingObject() throws IOException {
    putString(prefix + "x", "first");
    putString(prefix + "x", "second, longer");

    assertThat(read(prefix + "x")).isEqualTo("second, longer");
  }

  @Test
  void binaryContentRoundTrips() throws IOException {
    byte[] data = new byte[300_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 31);
    }
    store.put(prefix + "bin", new ByteArrayInputStream(data), data.length, "application/pdf");

    try (InputStream in = store.get(prefix + "bin")) {
      assertThat(in.readAllBytes()).isEqualTo(data);
    }
  }

  @Test
  void getOfAMissingKeyThrowsObjectNotFound() {
    assertThatThrownBy(() -> store.get(prefix + "missing"))
        .isInstanceOf(ObjectNotFoundException.class);
    assertThat(store.exists(prefix + "missing")).isFalse();
  }

  @Test
  void deleteRemovesAndIsIdempotent() {
    putString(prefix + "gone", "x");

    store.delete(prefix + "gone");
    store.delete(prefix + "gone");

    assertThat(store.exists(prefix + "gone")).isFalse();
    assertThatThrownBy(() -> store.get(prefix + "gone"))
        .isInstanceOf(ObjectNotFoundException.class);
  }

  @Test
  void aShortStreamFailsAndLeavesNoObject() {
    assertThatThrownBy(() -> store.put(prefix + "short", bytes("abc"), 10, "text/plain"))
        .isInstanceOf(StorageException.class);

    assertThat(store.exists(prefix + "short")).isFalse();
  }

  @Test
  void listReturnsKeysUnderThePrefixWithSizeAndTime() {
    putString(prefix + "one", "1");
    putString(prefix + "dir/two", "22");
    putString("contract/other-" + UUID.randomUUID() + "/three", "333");

    List<StoredObject> listed;
    try (Stream<StoredObject> stream = store.list(prefix)) {
      listed = stream.toList();
    }

    assertThat(listed)
        .extracting(StoredObject::key, StoredObject::size)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(prefix + "one", 1L),
            org.assertj.core.groups.Tuple.tuple(prefix + "dir/two", 2L));
    assertThat(listed).allSatisfy(o -> assertThat(o.lastModified()).isNotNull());
  }

  @Test
  void keysThatCouldEscapeTheStoreAreRejected() {
    for (String bad :
        List.of("../x", "a/../../x", "/abs", "a//b", "a/./b", "", "a\\b", "a/b/", "%2e%2e/x")) {
      assertThatThrownBy(() -> store.put(bad, bytes("x"), 1, "text/plain"))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> store.get(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> store.delete(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void aSignedUrlServesTheObject() throws Exception {
    putString(prefix + "doc.pdf", "%PDF-1.7 fake");

    URI url = store.signedUrl(prefix + "doc.pdf", Duration.ofMinutes(5));
    Fetched fetched = fetch(url);

    assertThat(fetched.status()).isEqualTo(200);
    assertThat(new String(fetched.body(), StandardCharsets.UTF_8)).isEqualTo("%PDF-1.7 fake");
  }

  @Test
  void aTamperedSignedUrlIsRefused() throws Exception {
    putString(prefix + "doc.pdf", "secret");
    putString(prefix + "other.pdf", "other secret");

    URI url = store.signedUrl(prefix + "doc.pdf", Duration.ofMinutes(5));
    URI tampered = URI.create(url.toString().replace("doc.pdf", "other.pdf"));
    Fetched fetched = fetch(tampered);

    assertThat(fetched.status()).isBetween(400, 499);
    assertThat(new String(fetched.body(), StandardCharsets.UTF_8)).doesNotContain("other secret");
  }
}
