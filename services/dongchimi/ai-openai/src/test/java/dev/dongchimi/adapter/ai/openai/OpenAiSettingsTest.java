package dev.dongchimi.adapter.ai.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OpenAiSettingsTest {
  private static final URI BASE = URI.create("https://api.example.test/v1");
  private static final Duration T = Duration.ofSeconds(5);

  @Test
  void theKeyNeverAppearsInTheSettingsText() {
    OpenAiSettings settings = new OpenAiSettings(BASE, "m", "sk-secret-value", T, T);

    assertThat(settings.toString()).doesNotContain("sk-secret-value").contains("apiKey=***");
  }

  @Test
  void refusesWhatCannotWork() {
    assertThatThrownBy(() -> new OpenAiSettings(null, "m", "k", T, T))
        .hasMessageContaining("base URL");
    assertThatThrownBy(() -> new OpenAiSettings(URI.create("ftp://x/v1"), "m", "k", T, T))
        .hasMessageContaining("base URL");
    assertThatThrownBy(() -> new OpenAiSettings(BASE, " ", "k", T, T))
        .hasMessageContaining("model");
    assertThatThrownBy(() -> new OpenAiSettings(BASE, "m", "", T, T))
        .hasMessageContaining("API key");
    assertThatThrownBy(() -> new OpenAiSettings(BASE, "m", "k", Duration.ZERO, T))
        .hasMessageContaining("connect timeout");
    assertThatThrownBy(() -> new OpenAiSettings(BASE, "m", "k", T, Duration.ofSeconds(-1)))
        .hasMessageContaining("request timeout");
  }
}
