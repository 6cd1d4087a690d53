package dev.app.dongchimi;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code dongchimi.images.*} properties: where the import's picture candidates come from (the
 * AI, whichever it is, chooses among them). Checked when the application starts.
 *
 * @param type {@code local}, the only source: stock pictures per lexicon keyword
 * @param local the stock pictures ({@code dongchimi.images.type=local})
 */
@ConfigurationProperties("dongchimi.images")
@Validated
public record ImagesProperties(
    @DefaultValue("local") @NotNull Type type, @DefaultValue @Valid Local local) {

  /** The picture sources the import can use. */
  public enum Type {
    LOCAL
  }

  /**
   * {@code dongchimi.images.local.*}.
   *
   * @param baseUrl where stock pictures are served from: a keyword's picture is {@code
   *     <base-url><category>/<keyword>.jpg}, downloaded and kept by the import; unset (the
   *     default), no candidates, and every product gets its generated placeholder picture
   */
  public record Local(String baseUrl) {}
}
