package dev.dongchimi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.images.KeptPicture;
import dev.dongchimi.images.ProductPictures;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.Multipart;
import dev.platform.test.SignUp;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** An owner replaces a product's picture over real HTTP; their photo wins over any import's. */
@SpringBootTest(
    classes = DongchimiTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ProductPictureApiTest {
  @LocalServerPort int port;
  @Autowired ProductPictures pictures;
  @Autowired JdbcClient jdbc;

  private ApiClient api;
  private String owner;
  private long mart;
  private long product;

  @BeforeEach
  void setUp() {
    api = new ApiClient(port);
    owner = SignUp.newToken(api, "MART_OWNER");
    Answer created =
        api.post(
            "/marts",
            owner,
            Map.of("name", "사진마트", "address", "서울 어딘가 1", "lat", 33.1, "lng", 126.3));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    mart = created.json().get("id").asLong();
    Answer p =
        api.post(
            "/marts/" + mart + "/products",
            owner,
            Map.of("raw_name", "서울우유 1L", "category", "DAIRY", "regular_price", 3000));
    assertThat(p.status()).as(p.body()).isEqualTo(201);
    product = p.json().get("id").asLong();
  }

  @Test
  void theOwnersPhotoIsServedAndNoImportReplacesIt() throws IOException {
    Answer put = api.put("/products/" + product + "/image", owner, photo(jpeg(1200, 900)));
    assertThat(put.status()).as(put.body()).isEqualTo(200);
    JsonNode body = put.json();
    assertThat(body.get("picture_source").asString()).isEqualTo("OWNER");
    HttpResponse<byte[]> image = ApiClient.fetch(api.url(body.get("image_url").asString()));
    assertThat(image.statusCode()).isEqualTo(200);
    assertThat(image.headers().firstValue("Content-Type")).hasValue("image/jpeg");
    assertThat(image.headers().firstValue("Cache-Control").orElse("")).contains("immutable");
    assertThat(ImageIO.read(new java.io.ByteArrayInputStream(image.body())).getWidth())
        .isEqualTo(800);

    // What an import does with a matched picture: the owner's stays.
    String key =
        jdbc.sql("select product_key from dongchimi_product where id = :id")
            .param("id", product)
            .query(String.class)
            .single();
    KeptPicture placeholder =
        pictures.placeholder(dev.dongchimi.category.Category.DAIRY, "서울우유 1L");
    pictures.assign(mart, List.of(new ProductPictures.Assignment(key, placeholder)));
    JsonNode after = api.get("/products/" + product, null).json();
    assertThat(after.get("picture_source").asString()).isEqualTo("OWNER");
    assertThat(after.get("image_url").asString()).isEqualTo(body.get("image_url").asString());

    assertThat(api.delete("/products/" + product + "/image", owner).status()).isEqualTo(204);
    assertThat(api.get("/products/" + product, null).json().get("image_url").isNull()).isTrue();
    pictures.assign(mart, List.of(new ProductPictures.Assignment(key, placeholder)));
    assertThat(api.get("/products/" + product, null).json().get("picture_source").asString())
        .isEqualTo("PLACEHOLDER");
  }

  @Test
  void onlyTheOwnerMayReplaceItAndOnlyWithAPicture() throws IOException {
    String stranger = SignUp.newToken(api, "MART_OWNER");
    Multipart good = photo(jpeg(400, 400));
    assertThat(api.put("/products/" + product + "/image", stranger, good).code())
        .isEqualTo("NOT_OWNER");
    assertThat(api.put("/products/" + product + "/image", null, good).status()).isEqualTo(401);
    assertThat(api.put("/products/999999999/image", owner, good).status()).isEqualTo(404);
    Answer svg =
        api.put(
            "/products/" + product + "/image",
            owner,
            Multipart.form()
                .file(
                    "file",
                    "a.png",
                    "image/png",
                    "<svg onload=\"alert(1)\"></svg>".getBytes(StandardCharsets.UTF_8)));
    assertThat(svg.status()).isEqualTo(415);
    assertThat(svg.code()).isEqualTo("UNSUPPORTED_IMAGE");
    assertThat(api.get("/product-images/" + "0".repeat(64) + ".jpg", null).code())
        .isEqualTo("NOT_FOUND");
    // A name that is no picture name never reaches the storage (Spring refuses an encoded slash).
    assertThat(api.get("/product-images/..%2Fimports.jpg", null).status()).isIn(400, 404);
    assertThat(api.get("/product-images/imports.xlsx", null).status()).isEqualTo(404);
  }

  @Test
  void precedenceTheOwnersPhotoOverAMatchOverAPlaceholder() throws IOException {
    String key =
        jdbc.sql("select product_key from dongchimi_product where id = :id")
            .param("id", product)
            .query(String.class)
            .single();
    KeptPicture placeholder =
        pictures.placeholder(dev.dongchimi.category.Category.DAIRY, "서울우유 1L");
    KeptPicture matched =
        new KeptPicture(
            pictures.placeholder(dev.dongchimi.category.Category.DAIRY, "매칭 사진").name(),
            KeptPicture.Source.MATCHED,
            "https://shopping.example/a.jpg");
    KeptPicture otherMatch =
        new KeptPicture(
            pictures.placeholder(dev.dongchimi.category.Category.DAIRY, "다른 매칭").name(),
            KeptPicture.Source.MATCHED,
            "https://shopping.example/b.jpg");

    assign(key, placeholder);
    assertThat(source()).isEqualTo("PLACEHOLDER");
    assign(key, matched); // a match replaces a placeholder
    assertThat(source()).isEqualTo("MATCHED");
    assign(key, placeholder); // a placeholder only where there is nothing else
    assertThat(source()).isEqualTo("MATCHED");
    assign(key, otherMatch); // a newer match replaces an older one
    assertThat(pictureName()).isEqualTo(otherMatch.name());

    Answer put = api.put("/products/" + product + "/image", owner, photo(jpeg(600, 600)));
    assertThat(put.status()).as(put.body()).isEqualTo(200);
    String owners = pictureName();
    assign(key, matched); // never over the owner's photo
    assign(key, placeholder);
    assertThat(source()).isEqualTo("OWNER");
    assertThat(pictureName()).isEqualTo(owners);
  }

  private void assign(String key, KeptPicture picture) {
    pictures.assign(mart, List.of(new ProductPictures.Assignment(key, picture)));
  }

  private String source() {
    return api.get("/products/" + product, null).json().get("picture_source").asString();
  }

  private String pictureName() {
    return jdbc.sql("select picture_name from dongchimi_product where id = :id")
        .param("id", product)
        .query(String.class)
        .single();
  }

  private static Multipart photo(byte[] jpeg) {
    return Multipart.form().file("file", "photo.jpg", "image/jpeg", jpeg);
  }

  private static byte[] jpeg(int width, int height) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "jpg", out);
    return out.toByteArray();
  }
}
