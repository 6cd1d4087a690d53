package dev.taskrow.dungji;

import com.nimbusds.jose.jwk.source.ImmutableSecret;
import dev.taskrow.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.taskrow.adapter.storage.local.LocalObjectStorage;
import dev.taskrow.adapter.storage.local.SignatureRejectedException;
import dev.taskrow.core.testing.TestDatabase;
import dev.taskrow.storage.ObjectNotFoundException;
import dev.taskrow.storage.ObjectStorage;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.http.ResponseEntity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * 둥지 as the app runs it, for API tests: real PostgreSQL, real HTTP, the local store, the sandbox
 * issuer, HS256 bearer tokens as the accounts module issues them (subject = account id).
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class DungjiTestApplication {
  static final SecretKey KEY =
      new SecretKeySpec(
          "dungji-test-secret-0123456789-abcdefghij".getBytes(StandardCharsets.UTF_8),
          "HmacSHA256");
  static final Path FONT = Path.of("/usr/share/fonts/truetype/nanum/NanumGothic.ttf");

  @Bean
  DataSource dataSource() {
    return TestDatabase.newPool(20);
  }

  @Bean
  SecurityFilterChain api(HttpSecurity http) throws Exception {
    return http.csrf(c -> c.disable())
        .authorizeHttpRequests(
            a -> a.requestMatchers("/files/**").permitAll().anyRequest().authenticated())
        .oauth2ResourceServer(o -> o.jwt(j -> {}))
        .build();
  }

  @Bean
  JwtDecoder jwtDecoder() {
    return NimbusJwtDecoder.withSecretKey(KEY).macAlgorithm(MacAlgorithm.HS256).build();
  }

  @Bean
  JwtEncoder jwtEncoder() {
    return new NimbusJwtEncoder(new ImmutableSecret<>(KEY));
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
  SandboxRegistryIssuer sandboxIssuer() {
    return new SandboxRegistryIssuer(FONT, Map.of(), () -> 0.99);
  }

  /** Issues a token the way the accounts module does. */
  static String token(JwtEncoder encoder, long userId) {
    JwtClaimsSet claims =
        JwtClaimsSet.builder()
            .subject(Long.toString(userId))
            .issuedAt(Instant.now())
            .expiresAt(Instant.now().plusSeconds(600))
            .claim("roles", List.of("USER"))
            .build();
    return encoder
        .encode(JwtEncoderParameters.from(JwsHeader.with(MacAlgorithm.HS256).build(), claims))
        .getTokenValue();
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
