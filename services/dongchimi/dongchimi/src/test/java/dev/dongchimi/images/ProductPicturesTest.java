package dev.dongchimi.images;

import static dev.dongchimi.images.TestPictures.bombPng;
import static dev.dongchimi.images.TestPictures.jpeg;
import static dev.dongchimi.images.TestPictures.png;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.dongchimi.category.Category;
import dev.platform.storage.testing.InMemoryObjectStorage;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * Candidate pictures downloaded from a real local HTTP server that serves what the web serves: a
 * good photo, a huge file, a decompression bomb, an SVG with a script, a PNG sent as text/html, a
 * server that trickles bytes, a 404.
 */
class ProductPicturesTest {
  private final PictureLimits limits =
      new PictureLimits(
          DataSize.ofMegabytes(2), 40_000_000L, 10_000, 32, Duration.ofSeconds(2), true);
  private final InMemoryObjectStorage storage = new InMemoryObjectStorage();
  private final ProductPictures pictures =
      new ProductPictures(storage, new PictureDownloader(limits), limits, null);
  private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private HttpServer server;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    serve("/good.jpg", "image/jpeg", jpeg(1600, 1200));
    serve("/as-html.png", "text/html", png(300, 300));
    serve("/huge.jpg", "image/jpeg", new byte[3 * 1024 * 1024]);
    serve("/bomb.png", "image/png", bombPng(60_000, 60_000));
    serve(
        "/script.svg",
        "image/svg+xml",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"
            .getBytes(StandardCharsets.UTF_8));
    serve(
        "/script-as-jpg.jpg",
        "image/jpeg",
        "<?xml version=\"1.0\"?><svg><script>alert(1)</script></svg>"
            .getBytes(StandardCharsets.UTF_8));
    serve("/pixel.png", "image/png", png(1, 1));
    server.createContext(
        "/slow.jpg",
        ex -> {
          ex.sendResponseHeaders(200, 0);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(jpeg(400, 400), 0, 100);
            out.flush();
            release.await(); // never finishes within the download timeout
          } catch (InterruptedException | IOException ignored) {
            // the client gave up
          }
        });
    server.createContext(
        "/missing.jpg",
        ex -> {
          ex.sendResponseHeaders(404, -1);
          ex.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
  }

  @Test
  void aGoodPhotoIsDownloadedOnceAndKeptInTwoSizes() throws Exception {
    KeptPicture kept = pictures.keep(url("/good.jpg"), KeptPicture.Source.MATCHED);
    KeptPicture again = pictures.keep(url("/good.jpg"), KeptPicture.Source.MATCHED);

    assertThat(again.name()).isEqualTo(kept.name());
    assertThat(hits.get("/good.jpg").get()).as("downloaded once").isEqualTo(1);
    assertThat(kept.name()).matches("[0-9a-f]{64}\\.jpg");
    BufferedImage display = ImageIO.read(pictures.open(kept.name()));
    BufferedImage thumb = ImageIO.read(pictures.open(kept.thumbName()));
    assertThat(display.getWidth()).isEqualTo(Pictures.DISPLAY);
    assertThat(display.getHeight()).isEqualTo(600); // the aspect ratio is kept
    assertThat(thumb.getWidth()).isEqualTo(Pictures.THUMB);
  }

  @Test
  void theFormatIsToldByTheBytesNotTheContentType() throws Exception {
    KeptPicture kept = pictures.keep(url("/as-html.png"), KeptPicture.Source.MATCHED);
    assertThat(ImageIO.read(pictures.open(kept.name())).getWidth()).isEqualTo(300);
  }

  @Test
  void refusesWhatIsNotAPictureToKeep() {
    assertRefused("/huge.jpg", "TOO_LARGE");
    assertRefused("/bomb.png", "TOO_MANY_PIXELS");
    assertRefused("/script.svg", "SVG_REFUSED");
    assertRefused("/script-as-jpg.jpg", "SVG_REFUSED");
    assertRefused("/pixel.png", "TOO_SMALL");
    assertRefused("/missing.jpg", "HTTP_STATUS");
    assertThat(storage.list(ProductPictures.PREFIX).count()).as("nothing stored").isZero();
  }

  @Test
  void aServerThatTricklesBytesIsGivenUpOnAtTheTimeout() {
    long started = System.nanoTime();
    assertRefused("/slow.jpg", "TIMEOUT");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void privateAddressesAreRefusedUnlessAllowed() {
    PictureLimits production = PictureLimits.defaults();
    ProductPictures strict =
        new ProductPictures(storage, new PictureDownloader(production), production, null);
    assertThatThrownBy(() -> strict.keep(url("/good.jpg"), KeptPicture.Source.MATCHED))
        .isInstanceOfSatisfying(
            PictureRefused.class, e -> assertThat(e.reason()).isEqualTo("ADDRESS_REFUSED"));
    assertThatThrownBy(() -> strict.keep("file:///etc/passwd", KeptPicture.Source.MATCHED))
        .isInstanceOfSatisfying(
            PictureRefused.class, e -> assertThat(e.reason()).isEqualTo("ADDRESS_REFUSED"));
    assertThat(hits).isEmpty();
  }

  @Test
  void aPlaceholderIsRenderedOnceAsAPng() throws Exception {
    KeptPicture first = pictures.placeholder(Category.DAIRY, "서울우유 1L");
    long stored = storage.list(ProductPictures.PREFIX).count();
    KeptPicture second = pictures.placeholder(Category.DAIRY, "서울우유 1L");

    assertThat(second).isEqualTo(first);
    assertThat(storage.list(ProductPictures.PREFIX).count()).isEqualTo(stored).isEqualTo(2);
    BufferedImage image = ImageIO.read(pictures.open(first.name()));
    assertThat(image.getWidth()).isEqualTo(PlaceholderPicture.SIZE);
    assertThat(pictures.placeholder(Category.FRUIT, "서울우유 1L").name()).isNotEqualTo(first.name());
  }

  private void assertRefused(String path, String reason) {
    assertThatThrownBy(() -> pictures.keep(url(path), KeptPicture.Source.MATCHED))
        .as(path)
        .isInstanceOfSatisfying(
            PictureRefused.class, e -> assertThat(e.reason()).isEqualTo(reason));
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  private void serve(String path, String contentType, byte[] body) {
    server.createContext(
        path,
        (HttpExchange ex) -> {
          hits.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
          ex.getResponseHeaders().set("Content-Type", contentType);
          ex.sendResponseHeaders(200, body.length);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
          }
        });
  }

  static ByteArrayInputStream stream(byte[] bytes) {
    return new ByteArrayInputStream(bytes);
  }
}
