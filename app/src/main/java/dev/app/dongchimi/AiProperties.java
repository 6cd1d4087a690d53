package dev.app.dongchimi;

import dev.app.RedactedToString;
import dev.app.RequiredSetting;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.net.URI;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code dongchimi.ai.*} properties: the AI that classifies the import's products and picks
 * their pictures. Checked when the application starts: an unknown type or a missing setting stops
 * start-up with the property's name.
 *
 * @param type {@code local} (the embedded default: a deterministic Korean lexicon, no network) or
 *     {@code openai} (an OpenAI-compatible chat API)
 * @param openai the chat API ({@code dongchimi.ai.type=openai})
 */
@ConfigurationProperties("dongchimi.ai")
@Validated
public record AiProperties(
    @DefaultValue("local") @NotNull Type type, @DefaultValue @Valid OpenAi openai) {

  public AiProperties {
    if (type == Type.OPENAI) {
      String choice = "dongchimi.ai.type=openai";
      RequiredSetting.check(
          "dongchimi.ai.openai.base-url",
          openai.baseUrl(),
          choice,
          "e.g. https://api.openai.com/v1");
      RequiredSetting.check(
          "dongchimi.ai.openai.model", openai.model(), choice, "e.g. gpt-4o-mini");
      RequiredSetting.check(
          "dongchimi.ai.openai.api-key",
          openai.apiKey(),
          choice,
          "or the environment variable DONGCHIMI_AI_OPENAI_API_KEY");
    }
  }

  /** The analysers the import can use. */
  public enum Type {
    LOCAL,
    OPENAI
  }

  /**
   * {@code dongchimi.ai.openai.*}. The key has no default and belongs in the environment ({@code
   * DONGCHIMI_AI_OPENAI_API_KEY}) or a secret store, never in a file of the repository.
   *
   * @param baseUrl the API root that {@code /chat/completions} is under, e.g. {@code
   *     https://api.openai.com/v1} (any compatible server: vLLM, Ollama's {@code /v1}, a gateway);
   *     required with {@code dongchimi.ai.type=openai}
   * @param model the model every call names, e.g. {@code gpt-4o-mini}; required with {@code
   *     dongchimi.ai.type=openai}
   * @param apiKey the bearer token; required with {@code dongchimi.ai.type=openai}
   * @param connectTimeout opening a connection
   * @param requestTimeout one call, until the whole answer is in
   */
  public record OpenAi(
      URI baseUrl,
      String model,
      String apiKey,
      @DefaultValue("5s") @NotNull @DurationMin(millis = 1) Duration connectTimeout,
      @DefaultValue("30s") @NotNull @DurationMin(millis = 1) Duration requestTimeout) {

    /** Without the key: properties end up in logs and failure messages. */
    @Override
    public String toString() {
      return RedactedToString.of(this, "apiKey");
    }
  }
}
