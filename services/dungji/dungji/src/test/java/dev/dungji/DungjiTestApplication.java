package dev.dungji;

import dev.dungji.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.platform.accounts.PublicEndpoint;
import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.ObjectStorage;
import dev.platform.storage.local.LocalObjectStorage;
import dev.platform.storage.local.SignatureRejectedException;
import dev.taskrow.test.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * 둥지 as the app runs it, for API tests: real PostgreSQL, real HTTP, the local store, the sandbox
 * issuer, and the real account system (tokens from /auth/signup and /auth/login).
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class DungjiTestApplication {

  @Bean
  DataSource dataSource() {
    return TestDatabase.newPool(20);
  }

  /** Signed links carry their own authorisation. */
  @Bean
  PublicEndpoint signedFiles() {
    return PublicEndpoint.get("/files/**");
  }

  @Bean
  LocalObjectStorage localStorage(Environment env) throws IOException {
    return new LocalObjectStorage(
        Files.createTempDirectory("dungji-storage"),
        URI.create("http://127.0.0.1:" + env.getRequiredProperty("server.port")),
        "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8),
        Clock.systemUTC());
  }

  @Bean
  @org.springframework.context.annotation.Primary
  FaultyStorage objectStorage(LocalObjectStorage local) {
    return new FaultyStorage(local);
  }

  @Bean
  TestPageOcr pageOcr() {
    return new TestPageOcr();
  }

  @Bean
  SandboxRegistryIssuer sandboxIssuer() {
    return new SandboxRegistryIssuer(null, Map.of(), () -> 0.99); // the bundled NanumGothic
  }

  /** A defect in a 둥지 handler: its IllegalArgumentException must not become a 400. */
  @RestController
  static class Broken {
    @GetMapping("/nests-broken")
    String broken() {
      throw new IllegalArgumentException("payload has no nest_id: {\"secret\": 1}");
    }
  }

  /** What the app's file endpoint does for local signed links. */
  @RestController
  static class FileLinks {
    private final ObjectStorage storage;

    FileLinks(LocalObjectStorage storage) {
      this.storage = storage;
    }

    @GetMapping("/files/dungji/registry/{nest}/{name}")
    ResponseEntity<byte[]> file(
        @PathVariable String nest,
        @PathVariable String name,
        @RequestParam long expires,
        @RequestParam String signature)
        throws IOException {
      try (InputStream in =
          ((LocalObjectStorage) storage)
              .openSigned("dungji/registry/" + nest + "/" + name, expires, signature)) {
        return ResponseEntity.ok(in.readAllBytes());
      } catch (SignatureRejectedException e) {
        return ResponseEntity.status(403).build();
      } catch (ObjectNotFoundException e) {
        return ResponseEntity.status(404).build();
      }
    }
  }
}
