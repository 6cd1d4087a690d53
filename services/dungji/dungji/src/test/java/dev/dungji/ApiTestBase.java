package dev.dungji;

import dev.dungji.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/** Real HTTP on a real port, real PostgreSQL; each test makes its own users and nests. */
@SpringBootTest(
    classes = DungjiTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
abstract class ApiTestBase {
  private static final int PORT = freePort();

  @DynamicPropertySource
  static void port(DynamicPropertyRegistry registry) {
    registry.add("server.port", () -> PORT);
    registry.add("embedded.data-dir", () -> DATA_DIR);
  }

  private static final String DATA_DIR = dataDir();

  private static String dataDir() {
    try {
      return java.nio.file.Files.createTempDirectory("dungji-var").toString();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Autowired JdbcClient jdbc;
  @Autowired FaultyStorage storage;
  @Autowired SandboxRegistryIssuer issuer;

  @Value("${server.port}")
  int port;

  ApiClient api;

  ApiClient api() {
    if (api == null) {
      api = new ApiClient(port);
    }
    return api;
  }

  /** A new account and its token, as a client gets them: signup through the API. */
  String newUser() {
    return SignUp.newToken(api());
  }

  long createNest(String token, String name) {
    Answer r =
        api()
            .post(
                "/nests",
                token,
                """
                {"name": "%s", "address": "서울특별시 마포구 월드컵북로 396", "dong": "101", "ho": "1203"}
                """
                    .formatted(name));
    if (r.status() != 201) {
      throw new AssertionError("create nest: " + r.status() + " " + r.body());
    }
    return r.json().get("id").asLong();
  }

  Answer issue(String token, long nestId) {
    return api().post("/nests/" + nestId + "/analysis/registry/issue", token, null);
  }

  JsonNode issueStatus(String token, long nestId, String taskId) {
    Answer r = api().get("/nests/" + nestId + "/analysis/registry/issue/" + taskId, token);
    if (r.status() != 200) {
      throw new AssertionError("issue status: " + r.status() + " " + r.body());
    }
    return r.json();
  }

  JsonNode ocrStatus(String token, long nestId, String taskId) {
    Answer r = api().get("/nests/" + nestId + "/analysis/registry/ocr/" + taskId, token);
    if (r.status() != 200) {
      throw new AssertionError("ocr status: " + r.status() + " " + r.body());
    }
    return r.json();
  }

  /** Polls as a client would until the task is final. */
  JsonNode awaitFinal(String token, long nestId, String taskId, boolean ocr) {
    String path = "/nests/" + nestId + "/analysis/registry/" + (ocr ? "ocr/" : "issue/") + taskId;
    return api().awaitFinal(path, token, Duration.ofSeconds(60));
  }

  long taskRows(String subjectLike) {
    return jdbc.sql("SELECT count(*) FROM taskrow_task WHERE subject LIKE :s")
        .param("s", subjectLike)
        .query(Long.class)
        .single();
  }

  long storedObjects(long nestId) {
    try (var objects = storage.local.list("dungji/registry/nest-" + nestId + "/")) {
      return objects.count();
    }
  }

  static UUID uuid(JsonNode node) {
    return UUID.fromString(node.asString());
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
