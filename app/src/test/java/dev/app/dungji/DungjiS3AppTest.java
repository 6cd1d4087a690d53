package dev.app.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.app.EmbeddedDefaults;
import dev.platform.storage.ObjectStorage;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/** The app on storage.type=s3 against a real S3-compatible server (s3proxy). */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class DungjiS3AppTest {
  private static final int PORT = DungjiAppTest.freePort();
  private static S3Proxy s3;

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) throws Exception {
    Path blobs = Files.createTempDirectory("s3proxy-app");
    Files.createDirectories(blobs.resolve("dungji"));
    s3 =
        S3Proxy.builder()
            .blobStore(new FilesystemNio2BlobStore(blobs.toString()))
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, "access", "secret-secret")
            .build();
    s3.start();
    while (!"STARTED".equals(s3.getState())) {
      Thread.onSpinWait();
    }
    registry.add("embedded.data-dir", DungjiS3AppTest::dataDir);
    registry.add("server.port", () -> PORT);
    registry.add("storage.type", () -> "s3");
    registry.add("storage.s3.endpoint", () -> "http://127.0.0.1:" + s3.getPort());
    registry.add("storage.s3.bucket", () -> "dungji");
    registry.add("storage.s3.access-key", () -> "access");
    registry.add("storage.s3.secret-key", () -> "secret-secret");
  }

  @AfterAll
  static void stop() throws Exception {
    s3.stop();
  }

  @Autowired ObjectStorage storage;
  @Autowired EmbeddedDefaults embeddedDefaults;
  private final ApiClient app = new ApiClient(PORT);

  @Test
  void theCertificateLandsInS3AndFileUrlIsAPresignedUrl() throws Exception {
    String token = SignUp.newToken(app);
    long nest = Nests.create(app, token, "s3");
    String taskId = Nests.issue(app, token, nest);

    JsonNode issued =
        app.awaitFinal(
            "/nests/" + nest + "/analysis/registry/issue/" + taskId, token, Duration.ofSeconds(60));

    assertThat(issued.get("status").asString()).isEqualTo("SUCCESS");
    String url = issued.get("file_url").asString();
    assertThat(url).startsWith("http://127.0.0.1:" + s3.getPort() + "/dungji/").contains("X-Amz-");
    HttpResponse<byte[]> pdf = ApiClient.fetch(url);
    assertThat(pdf.statusCode()).isEqualTo(200);
    assertThat(new String(pdf.body(), 0, 5)).isEqualTo("%PDF-");
    assertThat(storage.exists("dungji/registry/nest-" + nest + "/" + taskId + ".pdf")).isTrue();
    assertThat(embeddedDefaults.inUse()).noneMatch(w -> w.startsWith("storage:"));
  }

  private static String dataDir() {
    try {
      return Files.createTempDirectory(Path.of("target"), "var-s3-").toString();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
