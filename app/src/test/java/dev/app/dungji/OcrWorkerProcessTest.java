package dev.app.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The OCR worker as a separate process, started the way the README documents: the app with web
 * disabled and only the {@code ocr} queue. This context runs the API and the issuance queue only,
 * so every OCR task here is done by the other JVM — a text PDF through its text layer, a scanned
 * one through Tesseract.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = "taskrow.worker.queues.issuance=2")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class OcrWorkerProcessTest {
  private static final Path DATA_DIR = tempDir();
  private static final int PORT = DungjiAppTest.freePort();
  private static Process worker;

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("embedded.data-dir", DATA_DIR::toString);
    registry.add("server.port", () -> PORT);
  }

  @Autowired DataSource dataSource;
  private final ApiClient app = new ApiClient(PORT);

  private synchronized void startWorker() throws Exception {
    if (worker != null) {
      return;
    }
    String url;
    String user;
    try (Connection c = dataSource.getConnection()) {
      DatabaseMetaData meta = c.getMetaData();
      url = meta.getURL();
      user = meta.getUserName();
    }
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElseThrow());
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            "dev.app.TaskrowApplication",
            "--spring.main.web-application-type=none",
            "--taskrow.worker.queues.ocr=2",
            "--spring.datasource.url=" + url,
            "--spring.datasource.username=" + user,
            "--embedded.data-dir=" + DATA_DIR));
    worker =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(DATA_DIR.resolve("ocr-worker.log").toFile())
            .start();
  }

  @AfterAll
  static void stopWorker() throws InterruptedException {
    if (worker != null) {
      worker.destroy(); // SIGTERM: graceful shutdown hands running tasks back
      if (!worker.waitFor(30, TimeUnit.SECONDS)) {
        worker.destroyForcibly();
      }
    }
  }

  @Test
  void theSeparateWorkerReadsATextPdfAndAScannedPdf() throws Exception {
    String token = SignUp.newToken(app);
    long textNest = Nests.create(app, token, "text layer");
    long scanNest = Nests.create(app, token, "scan [sandbox:scanned]");
    JsonNode text = issued(token, textNest);
    JsonNode scan = issued(token, scanNest);

    // Nothing in this process runs the ocr queue.
    assertThat(ocr(token, textNest, text).get("status").asString()).isEqualTo("PENDING");

    startWorker();
    JsonNode textOcr = awaitOcr(token, textNest, text);
    JsonNode scanOcr = awaitOcr(token, scanNest, scan);

    assertThat(textOcr.get("status").asString()).isEqualTo("SUCCESS");
    assertThat(textOcr.get("pages").findValues("method"))
        .extracting(JsonNode::asString)
        .containsOnly("TEXT_LAYER");
    assertThat(scanOcr.get("status").asString())
        .as("log: %s", DATA_DIR.resolve("ocr-worker.log"))
        .isEqualTo("SUCCESS");
    assertThat(scanOcr.get("pages").findValues("method"))
        .extracting(JsonNode::asString)
        .containsOnly("OCR");
    String scanned = scanOcr.get("text").asString().replace(" ", "");
    assertThat(scanned).contains("등기사항전부증명서", "소유권", "테헤란로152");
    assertThat(worker.isAlive()).isTrue();
  }

  private JsonNode issued(String token, long nest) {
    String taskId = Nests.issue(app, token, nest);
    JsonNode r =
        app.awaitFinal(
            "/nests/" + nest + "/analysis/registry/issue/" + taskId, token, Duration.ofSeconds(60));
    assertThat(r.get("status").asString()).isEqualTo("SUCCESS");
    return r;
  }

  private JsonNode ocr(String token, long nest, JsonNode issued) {
    return app.get(
            "/nests/" + nest + "/analysis/registry/ocr/" + issued.get("ocr_task_id").asString(),
            token)
        .json();
  }

  private JsonNode awaitOcr(String token, long nest, JsonNode issued) {
    return app.awaitFinal(
        "/nests/" + nest + "/analysis/registry/ocr/" + issued.get("ocr_task_id").asString(),
        token,
        Duration.ofSeconds(120));
  }

  private static Path tempDir() {
    try {
      return Files.createTempDirectory(Path.of("target"), "var-ocr-").toAbsolutePath();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
