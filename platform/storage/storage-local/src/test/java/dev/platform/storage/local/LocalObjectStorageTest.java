package dev.platform.storage.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.ObjectStorage;
import dev.platform.storage.ObjectStorageContractTest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract on a temporary directory. Signed links are fetched over real HTTP from a small
 * server that does what the app's file endpoint does.
 */
class LocalObjectStorageTest extends ObjectStorageContractTest {
  @TempDir Path dir;
  private HttpServer server;
  private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
  private LocalObjectStorage local;

  @Override
  protected ObjectStorage storage() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    local =
        new LocalObjectStorage(
            dir.resolve("storage"),
            base,
            "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8),
            clock);
    server.createContext(
        "/files/",
        exchange -> {
          String key = exchange.getRequestURI().getRawPath().substring("/files/".length());
          Map<String, String> query = new HashMap<>();
          for (String pair : exchange.getRequestURI().getRawQuery().split("&")) {
            String[] kv = pair.split("=", 2);
            query.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
          }
          int status;
          byte[] body;
          try (InputStream in =
              local.openSigned(key, Long.parseLong(query.get("expires")), query.get("signature"))) {
            status = 200;
            body = in.readAllBytes();
          } catch (SignatureRejectedException e) {
            status = 403;
            body = e.getMessage().getBytes(StandardCharsets.UTF_8);
          } catch (ObjectNotFoundException e) {
            status = 404;
            body = new byte[0];
          }
          exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    return local;
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void anExpiredLinkIsRefused() throws Exception {
    putString(prefix + "late.pdf", "too late");
    URI url = store.signedUrl(prefix + "late.pdf", Duration.ofMinutes(5));

    clock.advance(Duration.ofMinutes(5).plusSeconds(1));

    assertThat(fetch(url).status()).isEqualTo(403);
  }

  @Test
  void aLinkWorksUntilItsExpiry() throws Exception {
    putString(prefix + "ok.pdf", "in time");
    URI url = store.signedUrl(prefix + "ok.pdf", Duration.ofMinutes(5));

    clock.advance(Duration.ofMinutes(5));

    assertThat(fetch(url).status()).isEqualTo(200);
  }

  @Test
  void aLinkWithAnAlteredExpiryIsRefused() throws Exception {
    putString(prefix + "x.pdf", "x");
    URI url = store.signedUrl(prefix + "x.pdf", Duration.ofMinutes(5));
    long expires = clock.instant().plus(Duration.ofMinutes(5)).getEpochSecond();

    URI extended =
        URI.create(
            url.toString().replace("expires=" + expires, "expires=" + (expires + 86_400 * 365)));

    assertThat(fetch(extended).status()).isEqualTo(403);
  }

  @Test
  void filesLiveUnderTheRootAndTemporaryFilesAreNeverListed() throws Exception {
    putString(prefix + "a.txt", "a");
    Files.writeString(local.root().resolve(".tmp/leftover.part"), "partial");

    assertThat(local.root().resolve(prefix + "a.txt")).exists();
    assertThat(store.list("")).extracting(o -> o.key()).doesNotContain(".tmp/leftover.part");
  }

  static final class MutableClock extends Clock {
    private volatile Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
