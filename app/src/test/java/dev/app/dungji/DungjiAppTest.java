package dev.app.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.app.EmbeddedDefaults;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * 둥지 in the app on its embedded defaults (embedded PostgreSQL, local storage, sandbox issuer,
 * Tesseract), with real accounts: a client signs up, logs in, issues, downloads, reads the text.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class DungjiAppTest {
  private static final Path DATA_DIR = tempDir();
  private static final int PORT = freePort();

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("embedded.data-dir", DATA_DIR::toString);
    registry.add("server.port", () -> PORT);
  }

  @Autowired EmbeddedDefaults embeddedDefaults;
  private final ApiClient app = new ApiClient(PORT);

  @Test
  void issuesDownloadsAndReadsACertificate() throws Exception {
    String token = SignUp.newToken(app);
    long nest = Nests.create(app, token, "강남 오피스텔");
    String taskId = Nests.issue(app, token, nest);

    JsonNode issued =
        app.awaitFinal(
            "/nests/" + nest + "/analysis/registry/issue/" + taskId, token, Duration.ofSeconds(60));
    assertThat(issued.get("status").asString()).isEqualTo("SUCCESS");

    HttpResponse<byte[]> pdf = ApiClient.fetch(issued.get("file_url").asString());
    assertThat(pdf.statusCode()).isEqualTo(200);
    assertThat(pdf.headers().firstValue("Content-Type")).hasValue("application/pdf");
    assertThat(new String(pdf.body(), 0, 5)).isEqualTo("%PDF-");
    String forged =
        issued.get("file_url").asString().replaceAll("expires=\\d+", "expires=9999999999");
    assertThat(ApiClient.fetch(forged).statusCode()).isEqualTo(403);

    JsonNode ocr =
        app.awaitFinal(
            "/nests/" + nest + "/analysis/registry/ocr/" + issued.get("ocr_task_id").asString(),
            token,
            Duration.ofSeconds(60));
    assertThat(ocr.get("status").asString()).isEqualTo("SUCCESS");
    assertThat(ocr.get("text").asString()).contains("테헤란로 152", "갑 구");
  }

  @Test
  void anotherAccountCannotSeeTheNest() {
    String owner = SignUp.newToken(app);
    long nest = Nests.create(app, owner, "mine");

    assertThat(app.get("/nests/" + nest, SignUp.newToken(app)).status()).isEqualTo(403);
    assertThat(app.post("/nests/" + nest + "/analysis/registry/issue", null, null).status())
        .isEqualTo(401);
  }

  @Test
  void warnsAboutTheEmbeddedStorageAndTheSandboxIssuer() {
    assertThat(embeddedDefaults.inUse())
        .anySatisfy(w -> assertThat(w).startsWith("storage: local filesystem"))
        .anySatisfy(w -> assertThat(w).startsWith("registry issuer: sandbox"));
  }

  private static Path tempDir() {
    try {
      return Files.createTempDirectory(Path.of("target"), "var-dungji-");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
