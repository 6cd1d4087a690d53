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
 * @param type {@code local} (the embedded default: stock pictures under a base URL, or none — every
 *     product then gets its generated placeholder) or {@code naver} (Naver's shopping search)
 * @param local the stock pictures ({@code dongchimi.images.type=local})
 * @param naver the shopping search ({@code dongchimi.images.type=naver})
 */
@ConfigurationProperties("dongchimi.images")
@Validated
public record ImagesProperties(
    @DefaultValue("local") @NotNull Type type,
    @DefaultValue @Valid Local local,
    @DefaultValue @Valid Naver naver) {

  /** The picture sources the import can use. */
  public enum Type {
    LOCAL,
    NAVER
  }

  /**
   * {@code dongchimi.images.naver.*}: Naver's shopping search (or a server of its shape). The
   * secret belongs in the environment ({@code DONGCHIMI_IMAGES_NAVER_CLIENT_SECRET}).
   *
   * @param baseUrl the API host; the path {@code /v1/search/shop.json} is appended
   * @param clientId {@code X-Naver-Client-Id}; required with {@code type=naver}
   * @param clientSecret {@code X-Naver-Client-Secret}; required with {@code type=naver}
   * @param display items asked per product (1..100)
   */
  public record Naver(
      @DefaultValue("https://openapi.naver.com") java.net.URI baseUrl,
      String clientId,
      String clientSecret,
      @DefaultValue("5") int display,
      @DefaultValue("5s") java.time.Duration connectTimeout,
      @DefaultValue("10s") java.time.Duration requestTimeout) {
    @Override
    public String toString() {
      return "Naver[baseUrl=" + baseUrl + ", clientId=" + clientId + ", display=" + display + "]";
    }
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
