package dev.platform.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JwtSecretTest {

  @Test
  void aGeneratedSecretIsKeptPerDataDirectory(@TempDir Path dir) {
    JwtSecret first = JwtSecret.resolve(null, dir);
    JwtSecret second = JwtSecret.resolve("", dir);
    assertThat(first.generated()).isTrue();
    assertThat(second.key().getEncoded()).isEqualTo(first.key().getEncoded());
    assertThat(JwtSecret.resolve(null, dir.resolve("other")).key().getEncoded())
        .isNotEqualTo(first.key().getEncoded());
  }

  @Test
  void aConfiguredSecretIsUsedAndMustBeLongEnough(@TempDir Path dir) {
    JwtSecret configured = JwtSecret.resolve("0123456789abcdef0123456789abcdef", dir);
    assertThat(configured.generated()).isFalse();
    assertThat(dir.resolve("jwt-secret")).doesNotExist();
    assertThatThrownBy(() -> JwtSecret.resolve("too-short", dir))
        .hasMessageContaining("at least 32 bytes");
  }
}
