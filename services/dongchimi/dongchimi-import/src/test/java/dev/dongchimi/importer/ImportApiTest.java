package dev.dongchimi.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.Multipart;
import dev.platform.test.SignUp;
import dev.taskrow.test.SettableClock;
import dev.taskrow.test.SseEvent;
import dev.taskrow.test.SseStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** The import over real HTTP on a real PostgreSQL, with sheets as messy as marts send them. */
@SpringBootTest(
    classes = ImportTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ImportApiTest {

  @LocalServerPort int port;
  @Autowired SettableClock clock;
  @Autowired JdbcClient jdbc;
  @Autowired ImportTestApplication.TestAi ai;
  @Autowired ImportTestApplication.TestImages images;
  @Autowired ImportTestApplication.LeaseLost leaseLost;
  @Autowired dev.platform.storage.testing.InMemoryObjectStorage storage;
  @Autowired SheetPictures pictures;

  private ApiClient api;
  private String owner;
  private long mart;

  @BeforeEach
  void setUp() {
    api = new ApiClient(port);
    ai.failing = false;
    ai.refusing = false;
    images.blocking = false;
    jdbc.sql("delete from dongchimi_import_analysis").update(); // each test pays for its answers
    owner = SignUp.newToken(api, "MART_OWNER");
    mart = createMart(owner);
  }

  // --- the sheets ---------------------------------------------------------------------------

  /** Title rows, a header on row 4 with other names, notes, blanks, duplicates, line breaks. */
  static List<Object[]> messySheet() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"행복마트 12월 1주 전단 상품"});
    rows.add(new Object[] {});
    rows.add(new Object[] {"작성일", "2026-11-28"});
    rows.add(new Object[] {"품명", "규격", "판매가", "행사가", "행사기간", "바코드", "비고"});
    rows.add(new Object[] {"[행사] 서울우유", "1L", 3280, 2580, "2026-12-01~12-07", 8801115114154L});
    rows.add(new Object[] {"신라면 120g*5", null, "4,980원", null, null, "0880123456789"});
    rows.add(new Object[] {"★오늘만★ 국산 삼겹살\n(냉장)", "500g", "12,900", "9,900", "12.1~12.3", null});
    rows.add(new Object[] {});
    rows.add(new Object[] {"※ 행사 상품은 조기 품절될 수 있습니다"});
    rows.add(new Object[] {"신라면 120g*5", null, "4,980원", null, null, "0880123456789"});
    rows.add(new Object[] {"참이슬 후레쉬 360ml", null, 1690, null, null, "8.80100000001E12"});
    rows.add(new Object[] {"풀무원 국산콩 두부 300g", null, "2500", null, null, null});
    return rows;
  }

  // --- tests --------------------------------------------------------------------------------

  @Test
  void onTheEmbeddedDefaultsEveryImportedProductHasAPlaceholderPictureThatLoads() {
    JsonNode done = importAndWait(Sheets.xlsx(messySheet()), "SUCCESS");
    assertThat(done.get("summary").get("picture_warnings")).isEmpty();

    JsonNode products = api.get("/marts/" + mart + "/products?size=100", null).json();
    assertThat(products.get("items")).hasSize(5);
    for (JsonNode p : products.get("items")) {
      assertThat(p.get("picture_source").asString()).isEqualTo("PLACEHOLDER");
      for (String field : List.of("image_url", "thumbnail_url")) {
        String path = p.get(field).asString();
        assertThat(path).matches("/product-images/[0-9a-f]{64}(-t)?\\.png");
        java.net.http.HttpResponse<byte[]> image = ApiClient.fetch(api.url(path));
        assertThat(image.statusCode()).as(path).isEqualTo(200);
        assertThat(image.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(image.body()).startsWith(0x89, 'P', 'N', 'G');
      }
    }
    // Rendered once: the same product name on another import finds the stored file.
    long stored = storage.list("dongchimi/product-images/").count();
    importAndWait(Sheets.xlsx(messySheet()), "SUCCESS");
    assertThat(storage.list("dongchimi/product-images/").count()).isEqualTo(stored);
  }

  @Test
  void aPictureThatCannotBeKeptIsARowWarningNotAFailedImport() throws Exception {
    com.sun.net.httpserver.HttpServer web =
        com.sun.net.httpserver.HttpServer.create(
            new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
    web.createContext(
        "/",
        ex -> {
          ex.sendResponseHeaders(404, -1);
          ex.close();
        });
    web.start();
    try {
      String gone = "http://127.0.0.1:" + web.getAddress().getPort() + "/gone.jpg";
      List<Object[]> rows = new ArrayList<>();
      rows.add(new Object[] {"상품명", "판매가", "이미지"});
      rows.add(new Object[] {"서울우유 1L", 3000, gone});
      rows.add(new Object[] {"신라면 120g", 1000, null});
      JsonNode done = importAndWait(Sheets.xlsx(rows), "SUCCESS");

      JsonNode warnings = done.get("summary").get("picture_warnings");
      assertThat(warnings).hasSize(1);
      assertThat(warnings.get(0).get("row").asInt()).isEqualTo(2);
      assertThat(warnings.get(0).get("reason").asString()).contains("HTTP_STATUS");
      // The failed download leaves the placeholder, as for a product without any picture.
      assertThat(product("서울우유 1L").get("picture_source")).isEqualTo("PLACEHOLDER");
      assertThat(product("신라면 120g").get("picture_source")).isEqualTo("PLACEHOLDER");
    } finally {
      web.stop(0);
    }
  }

  @Test
  void importsAMessySheetAndARerunChangesNothingAndCostsNoAiCall() {
    int callsBefore = ai.calls.get();
    JsonNode done = importAndWait(Sheets.xlsx(messySheet()), "SUCCESS");

    assertThat(done.get("summary").get("created").asInt()).isEqualTo(5);
    assertThat(done.get("summary").get("rows").asInt()).isEqualTo(6);
    assertThat(done.get("row_errors")).isEmpty();
    assertThat(done.get("progress").get("phase").asString()).isEqualTo("DONE");
    assertThat(done.get("progress").get("done").asLong()).isEqualTo(5);
    Map<String, Object> milk = product("서울우유 1L");
    assertThat(milk.get("category")).isEqualTo("DAIRY");
    assertThat(milk.get("sale_price")).isEqualTo(2580);
    assertThat(milk.get("barcode")).isEqualTo("8801115114154");
    assertThat(milk.get("sale_start").toString()).isEqualTo("2026-12-01");
    assertThat(milk.get("sale_end").toString()).isEqualTo("2026-12-07");
    assertThat(product("신라면 120g×5").get("barcode")).isEqualTo("0880123456789");
    assertThat(product("신라면 120g×5").get("regular_price")).isEqualTo(4980);
    assertThat(product("신라면 120g×5").get("category")).isEqualTo("NOODLE");
    assertThat(product("국산 삼겹살 냉장 500g").get("category")).isEqualTo("MEAT_EGG");
    assertThat(product("국산 삼겹살 냉장 500g").get("sale_end").toString()).isEqualTo("2026-12-03");
    assertThat(product("참이슬 후레쉬 360ml").get("barcode")).isEqualTo("8801000000010");
    assertThat(product("참이슬 후레쉬 360ml").get("category")).isEqualTo("ALCOHOL");
    assertThat(product("풀무원 국산콩 두부 300g").get("category")).isEqualTo("TOFU_KIMCHI");
    int aiCalls = ai.calls.get() - callsBefore;
    assertThat(aiCalls).isPositive();
    long history = priceHistory();

    JsonNode again = importAndWait(Sheets.xlsx(messySheet()), "SUCCESS");
    assertThat(again.get("summary").get("created").asInt()).isZero();
    assertThat(again.get("summary").get("unchanged").asInt()).isEqualTo(5);
    assertThat(productCount()).isEqualTo(5);
    assertThat(priceHistory()).isEqualTo(history);
    assertThat(ai.calls.get() - callsBefore).as("the cache answers a re-run").isEqualTo(aiCalls);

    JsonNode list = api.get("/marts/" + mart + "/product-imports", owner).json();
    assertThat(list).hasSize(2);
  }

  @Test
  void reportsEveryInvalidRowAndWritesNothing() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가", "할인가", "시작일", "종료일", "바코드", "이미지"});
    rows.add(new Object[] {"좋은 상품", 1000});
    rows.add(new Object[] {"가격이 글자", "문의"});
    rows.add(new Object[] {"할인이 더 비쌈", 1000, 2000, 46357, 46363});
    rows.add(new Object[] {"바코드 틀림", 1000, null, null, null, "12-34"});
    rows.add(new Object[] {"날짜 틀림", 1000, 900, "언젠가", "2026-12-07"});
    rows.add(new Object[] {null, 1000, 900});
    rows.add(new Object[] {"이미지 틀림", 1000, null, null, null, null, "ftp://x/y.jpg"});
    rows.add(new Object[] {"기간 없는 할인", 1000, 900});
    rows.add(new Object[] {"좋은 상품", 1200});

    JsonNode failed = importAndWait(Sheets.xlsx(rows), "FAILED");

    assertThat(failed.get("error_code").asString()).isEqualTo("ROW_ERRORS");
    List<String> errors = new ArrayList<>();
    failed
        .get("row_errors")
        .forEach(e -> errors.add(e.get("row").asInt() + " " + e.get("column").asString()));
    assertThat(errors)
        .containsExactly("3 정가", "4 할인가", "5 바코드", "6 시작일", "7 상품명", "8 이미지", "10 상품명");
    JsonNode first = failed.get("row_errors").get(0);
    assertThat(first.get("value").asString()).isEqualTo("문의");
    assertThat(first.get("reason").asString()).isNotBlank();
    assertThat(productCount()).isZero();
  }

  @Test
  void aSheetWithoutSaleDatesImportsWithTheAssumedPeriodShown() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "판매가", "행사가"});
    rows.add(new Object[] {"서울우유 1L", 3280, 2580});
    rows.add(new Object[] {"참이슬 후레쉬 360ml", 1690, 1490});
    rows.add(new Object[] {"풀무원 국산콩 두부 300g", 2500});
    java.time.LocalDate today =
        java.time.LocalDate.ofInstant(clock.instant(), java.time.ZoneId.of("Asia/Seoul"));

    JsonNode done = importAndWait(Sheets.xlsx(rows), "SUCCESS");

    JsonNode period = done.get("summary").get("sale_period");
    assertThat(period.get("source").asString()).isEqualTo("MART_DEFAULT");
    assertThat(period.get("start").asString()).isEqualTo(today.toString());
    assertThat(period.get("end").asString()).isEqualTo(today.plusDays(6).toString());
    assertThat(period.get("assumed_rows").asInt()).isEqualTo(2);
    assertThat(product("서울우유 1L").get("sale_end").toString())
        .isEqualTo(today.plusDays(6).toString());
    assertThat(product("풀무원 국산콩 두부 300g").get("sale_start")).isNull();

    Multipart form =
        Multipart.form()
            .file("file", "products.xlsx", "application/octet-stream", Sheets.xlsx(rows))
            .field("sale_start", "2026-12-01")
            .field("sale_end", "2026-12-07");
    UUID job = accepted(api.post("/marts/" + mart + "/product-imports", owner, form));
    JsonNode given =
        api.awaitFinal("/marts/" + mart + "/product-imports/" + job, owner, Duration.ofSeconds(60));
    assertThat(given.get("status").asString()).as(given.toString()).isEqualTo("SUCCESS");
    assertThat(given.get("summary").get("sale_period").get("source").asString())
        .isEqualTo("UPLOAD");
    assertThat(product("서울우유 1L").get("sale_end").toString()).isEqualTo("2026-12-07");

    Multipart half =
        Multipart.form()
            .file("file", "products.xlsx", "application/octet-stream", Sheets.xlsx(rows))
            .field("sale_start", "2026-12-01");
    Answer refused = api.post("/marts/" + mart + "/product-imports", owner, half);
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("code").asString()).isEqualTo("INVALID_SALE_PERIOD");
  }

  @Test
  void aPictureInAProductRowIsStoredAndRecordedAsItsImageCandidate() throws Exception {
    JsonNode done = importAndWait(MergedCellsAndPicturesTest.flyer(), "SUCCESS");

    assertThat(done.get("summary").get("created").asInt()).isEqualTo(5);
    assertThat(product("매일우유 저지방 900ml").get("sale_end").toString()).isEqualTo("2026-12-07");
    String job = done.get("job_id").asString();
    List<SheetPictures.SheetPicture> milk = pictures.of(mart, "name:서울우유1l", 10);
    assertThat(milk)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.storageKey())
                  .isEqualTo("dongchimi/imports/" + mart + "/" + job + "/pictures/row-3.png");
              assertThat(p.contentType()).isEqualTo("image/png");
              assertThat(p.row()).isEqualTo(3);
            });
    try (java.io.InputStream in = storage.get(milk.getFirst().storageKey())) {
      assertThat(in.readAllBytes()).isEqualTo(MergedCellsAndPicturesTest.PNG);
    }
    assertThat(pictures.of(mart, "name:농심신라면120g5", 10)).hasSize(1);
    assertThat(pictures.of(mart, "name:빙그레바나나맛우유240ml", 10)).isEmpty();
  }

  @Test
  void aPicturePastedInAProductsRowBecomesItsPhotoAndStaysTheOwnersOverLaterImports()
      throws Exception {
    JsonNode done = importAndWait(MergedCellsAndPicturesTest.flyer(), "SUCCESS");
    assertThat(done.get("summary").get("picture_warnings")).isEmpty();

    // Rows 3 and 6 have a pasted picture: the owner's photo, checked, resized and served.
    Map<String, Object> milk = product("서울우유 1L");
    assertThat(milk.get("picture_source")).isEqualTo("OWNER");
    String name = (String) milk.get("picture_name");
    assertThat(name).matches("[0-9a-f]{64}\\.(jpg|png)");
    java.net.http.HttpResponse<byte[]> served = ApiClient.fetch(api.url("/product-images/" + name));
    assertThat(served.statusCode()).isEqualTo(200);
    assertThat(javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(served.body())))
        .isNotNull();
    assertThat(product("농심 신라면 120g×5").get("picture_source")).isEqualTo("OWNER");
    // The rows without one get their placeholder: nothing else exists for them.
    assertThat(product("매일우유 저지방 900ml").get("picture_source")).isEqualTo("PLACEHOLDER");

    // A later import of the same products without pictures (placeholders, matches) leaves the
    // owner's photo; the rows that had only a placeholder keep theirs.
    List<Object[]> plain = new ArrayList<>();
    plain.add(new Object[] {"상품명", "정가"});
    plain.add(new Object[] {"서울우유 1L", 3280});
    plain.add(new Object[] {"매일우유 저지방 900ml", 2980});
    importAndWait(Sheets.xlsx(plain), "SUCCESS");
    assertThat(product("서울우유 1L").get("picture_source")).isEqualTo("OWNER");
    assertThat(product("서울우유 1L").get("picture_name")).isEqualTo(name);
    assertThat(product("매일우유 저지방 900ml").get("picture_source")).isEqualTo("PLACEHOLDER");
  }

  @Test
  void aPastedPictureThatIsNoPhotoIsARowWarningAndTheProductGetsItsPlaceholder() throws Exception {
    JsonNode done =
        importAndWait(
            MergedCellsAndPicturesTest.flyer(MergedCellsAndPicturesTest.SPECK), "SUCCESS");

    JsonNode warnings = done.get("summary").get("picture_warnings");
    assertThat(warnings).hasSize(2);
    assertThat(warnings.get(0).get("row").asInt()).isEqualTo(3);
    assertThat(warnings.get(0).get("reason").asString()).contains("TOO_SMALL");
    assertThat(product("서울우유 1L").get("picture_source")).isEqualTo("PLACEHOLDER");
  }

  @Test
  void aSheetWithoutARecognisableHeaderFailsNamingTheExpectedHeaders() {
    JsonNode failed =
        importAndWait(
            Sheets.xlsx(List.of(new Object[] {"이름", "값"}, new Object[] {"사과", 1000})), "FAILED");
    assertThat(failed.get("error_code").asString()).isEqualTo("INVALID_FILE");
    assertThat(failed.get("error_message").asString()).contains("상품명").contains("정가");
  }

  @Test
  void refusesWhatIsNotAnXlsxTooLargeOrSomeoneElsesMart() {
    Answer garbage = upload(mart, owner, new byte[] {0x00, 0x01, 0x02, 0x03, 0x04, 0x05});
    assertThat(garbage.status()).isEqualTo(400);
    assertThat(garbage.json().get("code").asString()).isEqualTo("NOT_A_WORKBOOK");
    Answer encrypted = upload(mart, owner, Sheets.encryptedXlsx());
    assertThat(encrypted.status()).isEqualTo(400);
    assertThat(encrypted.json().get("code").asString()).isEqualTo("ENCRYPTED_FILE");
    Answer word = upload(mart, owner, Sheets.wordDocument());
    assertThat(word.status()).isEqualTo(400);
    assertThat(word.json().get("code").asString()).isEqualTo("NOT_A_WORKBOOK");
    assertThat(word.json().get("detail").asString()).contains("not a workbook");
    byte[] big = new byte[400 * 1024];
    big[0] = 'P';
    big[1] = 'K';
    big[2] = 3;
    big[3] = 4;
    Answer tooLarge = upload(mart, owner, big);
    assertThat(tooLarge.status()).isEqualTo(413);
    assertThat(tooLarge.json().get("code").asString()).isEqualTo("FILE_TOO_LARGE");
    assertThat(upload(mart, SignUp.newToken(api, "MART_OWNER"), Sheets.xlsx(messySheet())).status())
        .isEqualTo(403);
    assertThat(upload(999_999_999L, owner, Sheets.xlsx(messySheet())).status()).isEqualTo(404);
    assertThat(api.get("/marts/" + mart + "/product-imports/" + UUID.randomUUID(), owner).status())
        .isEqualTo(404);
    assertThat(productCount()).isZero();
  }

  @Test
  void importsALegacyXlsAndStoresItUnderAnXlsKey() {
    JsonNode done = importAndWait(Sheets.xls(messySheet()), "SUCCESS");

    assertThat(done.get("summary").get("created").asInt()).isEqualTo(5);
    assertThat(done.get("summary").get("duplicates").asInt()).isEqualTo(1);
    Map<String, Object> milk = product("서울우유 1L");
    assertThat(milk.get("sale_price")).isEqualTo(2580);
    assertThat(milk.get("barcode")).isEqualTo("8801115114154");
    assertThat(milk.get("sale_end").toString()).isEqualTo("2026-12-07");
    assertThat(product("참이슬 후레쉬 360ml").get("barcode")).isEqualTo("8801000000010");
    assertThat(fileKey(done)).endsWith(".xls");
  }

  @Test
  void importsAUtf8CsvWithABomAndAnMs949CsvWithTabs() {
    JsonNode utf8 =
        importAndWait(
            Sheets.csv(messySheet(), ',', StandardCharsets.UTF_8, Sheets.UTF8_BOM), "SUCCESS");
    assertThat(utf8.get("summary").get("created").asInt()).isEqualTo(5);
    assertThat(fileKey(utf8)).endsWith(".csv");
    assertThat(product("서울우유 1L").get("sale_end").toString()).isEqualTo("2026-12-07");
    assertThat(product("참이슬 후레쉬 360ml").get("barcode")).isEqualTo("8801000000010");

    JsonNode ms949 = importAndWait(Sheets.csv(messySheet(), '\t', Sheets.MS949), "SUCCESS");
    assertThat(ms949.get("summary").get("unchanged").asInt())
        .as("the same products, read from MS949")
        .isEqualTo(5);
    assertThat(productCount()).isEqualTo(5);
  }

  @Test
  void aCsvWithBadRowsReportsThemByExcelRowNumber() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"행복마트 전단"});
    rows.add(new Object[] {"상품명", "판매가격"});
    rows.add(new Object[] {"좋은 상품", "1,000원"});
    rows.add(new Object[] {"가격이 글자", "문의"});
    JsonNode failed = importAndWait(Sheets.csv(rows, ';', Sheets.MS949), "FAILED");
    assertThat(failed.get("error_code").asString()).isEqualTo("ROW_ERRORS");
    JsonNode error = failed.get("row_errors").get(0);
    assertThat(error.get("row").asInt()).isEqualTo(4);
    assertThat(error.get("value").asString()).isEqualTo("문의");
  }

  @Test
  void aPasswordProtectedXlsFailsAsEncryptedInTheWorker() {
    JsonNode failed = importAndWait(Sheets.encryptedXls(messySheet()), "FAILED");
    assertThat(failed.get("error_code").asString()).isEqualTo("ENCRYPTED_FILE");
    assertThat(failed.get("error_message").asString()).contains("password");
    assertThat(productCount()).isZero();
  }

  @Test
  void refusesZipBombsXmlBombsAndTooManyRowsInTheWorker() {
    assertThat(importAndWait(Sheets.zipBomb(30), "FAILED").get("error_code").asString())
        .isEqualTo("ZIP_BOMB");

    byte[] xmlBomb =
        Sheets.zip(
            "xl/workbook.xml",
            "<workbook/>",
            "xl/worksheets/sheet1.xml",
            "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2"
                + " \"&lol;&lol;&lol;&lol;\">]><worksheet><sheetData><row r=\"1\"><c r=\"A1\""
                + " t=\"inlineStr\"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>");
    assertThat(importAndWait(xmlBomb, "FAILED").get("error_code").asString()).isEqualTo("XML_BOMB");

    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가"});
    for (int i = 0; i < 501; i++) {
      rows.add(new Object[] {"상품 " + i, 1000 + i});
    }
    JsonNode tooMany = importAndWait(Sheets.xlsx(rows), "FAILED");
    assertThat(tooMany.get("error_code").asString()).isEqualTo("TOO_MANY_ROWS");
    assertThat(productCount()).isZero();
  }

  @Test
  void aFailureMidApplyWritesNothing() {
    // The fourth product fails inside the database: the three before it were written through the
    // catalog's JdbcClient — they must roll back with the task's transaction.
    jdbc.sql(
            """
            create or replace function dongchimi_test_fail() returns trigger language plpgsql as $$
            begin
              if new.raw_name like '%%참이슬%%' and new.mart_id = %d then
                raise exception 'test failure mid-apply';
              end if;
              return new;
            end $$;
            drop trigger if exists dongchimi_test_fail on dongchimi_product;
            create trigger dongchimi_test_fail before insert on dongchimi_product
              for each row execute function dongchimi_test_fail();
            """
                .formatted(mart))
        .update();
    try {
      JsonNode failed = importAndWait(Sheets.xlsx(messySheet()), "FAILED");
      assertThat(failed.get("error_code").asString()).isEqualTo("UNKNOWN");
      assertThat(productCount()).isZero();
      assertThat(priceHistory()).isZero();
    } finally {
      jdbc.sql("drop trigger if exists dongchimi_test_fail on dongchimi_product").update();
    }
  }

  @Test
  void anUnavailableAiFailsTheAttemptRetryablyAndTheFileRunsAgain() {
    ai.failing = true;
    UUID job = accepted(upload(mart, owner, Sheets.xlsx(messySheet())));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "AI_UNAVAILABLE".equals(text(status(job), "last_error_code")));
    JsonNode waiting = status(job);
    assertThat(waiting.get("status").asString()).isEqualTo("PROCESSING");
    assertThat(productCount()).isZero();

    ai.failing = false;
    clock.set(clock.instant().plus(Duration.ofMinutes(11)));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "SUCCESS".equals(text(status(job), "status")));
    assertThat(status(job).get("attempt_count").asInt()).isEqualTo(2);
    assertThat(productCount()).isEqualTo(5);
  }

  @Test
  void anAiThatRefusesTheKeyFailsTheImportAtOnceWithoutRetrying() {
    ai.refusing = true;
    JsonNode failed = importAndWait(Sheets.xlsx(messySheet()), "FAILED");
    assertThat(failed.get("error_code").asString()).isEqualTo("AI_REFUSED");
    assertThat(failed.get("attempt_count").asInt()).isEqualTo(1);
    assertThat(productCount()).isZero();
  }

  @Test
  void aSecondUploadWhileTheMartsImportRunsIs409AndKeepsNoFile() throws Exception {
    UUID first = uploadHeldInAnalysis();
    int stored = storage.objects().size();

    Answer second = upload(mart, owner, Sheets.xlsx(messySheet()));
    assertThat(second.status()).isEqualTo(409);
    assertThat(second.json().get("code").asString()).isEqualTo("IMPORT_IN_PROGRESS");
    assertThat(storage.objects()).hasSize(stored);

    images.blocking = false;
    images.gate.countDown();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "SUCCESS".equals(text(status(first), "status")));
    accepted(upload(mart, owner, Sheets.xlsx(messySheet()))); // and afterwards it is accepted
  }

  @Test
  void aMartDeletedWhileItsImportIsAnalysedFailsItMartNotFound() throws Exception {
    UUID job = uploadHeldInAnalysis();

    // The import's own row goes with the mart (cascade); the task row stays to say why.
    jdbc.sql("delete from dongchimi_mart where id = :id").param("id", mart).update();
    images.blocking = false;
    images.gate.countDown();

    await().atMost(Duration.ofSeconds(30)).until(() -> "FAILED".equals(taskColumn(job, "status")));
    assertThat(taskColumn(job, "error_code")).isEqualTo("MART_NOT_FOUND");
  }

  /** Uploads the messy sheet; its import waits in analysis until {@code images.gate} opens. */
  private UUID uploadHeldInAnalysis() throws InterruptedException {
    images.entered = new CountDownLatch(1);
    images.gate = new CountDownLatch(1);
    images.blocking = true;
    UUID job = accepted(upload(mart, owner, Sheets.xlsx(messySheet())));
    assertThat(images.entered.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    return job;
  }

  private String taskColumn(UUID task, String column) {
    return jdbc.sql("select " + column + "::text from taskrow_task where id = :id")
        .param("id", task)
        .query(String.class)
        .single();
  }

  @Test
  void aWorkerThatLostItsLeaseDuringAnalysisCannotApply() throws Exception {
    int lostBefore = leaseLost.count.get();
    UUID job = uploadHeldInAnalysis();

    // The first attempt hangs in analysis; its lease runs out and another claim takes the file.
    images.blocking = false;
    clock.set(clock.instant().plus(Duration.ofMinutes(6)));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "SUCCESS".equals(text(status(job), "status")));
    assertThat(status(job).get("attempt_count").asInt()).isEqualTo(2);
    long history = priceHistory();

    images.gate.countDown(); // the first attempt wakes up and tries to apply
    await().atMost(Duration.ofSeconds(30)).until(() -> leaseLost.count.get() > lostBefore);
    assertThat(productCount()).isEqualTo(5);
    assertThat(priceHistory()).isEqualTo(history);
    assertThat(status(job).get("summary").get("created").asInt()).isEqualTo(5);
  }

  @Test
  void servesTheTemplateToAnyone() throws Exception {
    java.net.http.HttpResponse<byte[]> template =
        ApiClient.fetch(api.url("/product-imports/template.xlsx"));
    assertThat(template.statusCode()).isEqualTo(200);
    java.nio.file.Path file = java.nio.file.Files.createTempFile("template", ".xlsx");
    try {
      java.nio.file.Files.write(file, template.body());
      SheetParser.Parsed parsed =
          new SheetParser(10, java.time.LocalDate.of(2026, 11, 30)).parse(file);
      assertThat(parsed.errors()).isEmpty();
      assertThat(parsed.rows()).hasSize(1);
      assertThat(parsed.rows().getFirst().input().name()).isEqualTo("서울우유 1L");
    } finally {
      java.nio.file.Files.delete(file);
    }
  }

  @Test
  @org.junit.jupiter.api.Timeout(90) // a stream that never ends must fail, not hang the build
  void streamsTheImportAsServerSentEventsUntilItIsFinal() throws Exception {
    UUID job = accepted(upload(mart, owner, Sheets.xlsx(messySheet())));
    Answer token =
        api.post("/marts/" + mart + "/product-imports/" + job + "/events/token", owner, null);
    assertThat(token.status()).isEqualTo(200);
    String events = "/marts/" + mart + "/product-imports/" + job + "/events";

    // An EventSource sends no header: the stream token alone opens the stream.
    List<JsonNode> received =
        sse(events + "?stream_token=" + token.json().get("token").asString(), null);
    assertThat(received).isNotEmpty();
    assertThat(received.getLast().get("status").asString()).isEqualTo("SUCCESS");
    assertThat(received.getLast().get("summary").get("created").asInt()).isEqualTo(5);
    assertThat(received.stream().map(e -> e.get("job_id").asString()).distinct())
        .containsExactly(job.toString());

    // A reconnect after the end gets the final state at once.
    assertThat(sse(events, owner)).hasSize(1);
    // No proof, a forged token, or another owner's bearer: refused before any event.
    assertThat(sseStatus(events, null)).isEqualTo(401);
    assertThat(sseStatus(events + "?stream_token=forged", null)).isEqualTo(401);
    assertThat(sseStatus(events, SignUp.newToken(api, "MART_OWNER"))).isEqualTo(403);
  }

  /** The data of each event of a stream read to its end. */
  private List<JsonNode> sse(String path, String bearer) throws Exception {
    SseStream stream =
        SseStream.to(api.url(path)).bearer(bearer).readToTheEnd(Duration.ofSeconds(60));
    assertThat(stream.status()).isEqualTo(200);
    assertThat(stream.ended()).isTrue();
    return stream.events().stream().map(SseEvent::json).toList();
  }

  private int sseStatus(String path, String bearer) throws Exception {
    try (SseStream stream = SseStream.to(api.url(path)).bearer(bearer).open()) {
      return stream.status();
    }
  }

  // --- helpers ------------------------------------------------------------------------------

  private long createMart(String token) {
    Map<String, Object> body = new HashMap<>();
    body.put("name", "행복마트 " + UUID.randomUUID().toString().substring(0, 8));
    body.put("address", "서울 마포구 어딘가 1");
    body.put("lat", 37.55);
    body.put("lng", 126.92);
    Answer answer = api.post("/marts", token, body);
    assertThat(answer.status()).as(answer.body()).isEqualTo(201);
    return answer.json().get("id").asLong();
  }

  private Answer upload(long martId, String token, byte[] bytes) {
    Multipart form =
        Multipart.form().file("file", "products.xlsx", "application/octet-stream", bytes);
    return api.post("/marts/" + martId + "/product-imports", token, form);
  }

  private static UUID accepted(Answer answer) {
    assertThat(answer.status()).as(answer.body()).isEqualTo(202);
    return UUID.fromString(answer.json().get("job_id").asString());
  }

  private JsonNode status(UUID job) {
    Answer answer = api.get("/marts/" + mart + "/product-imports/" + job, owner);
    assertThat(answer.status()).isEqualTo(200);
    return answer.json();
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asString();
  }

  private JsonNode importAndWait(byte[] sheet, String expected) {
    UUID job = accepted(upload(mart, owner, sheet));
    JsonNode done =
        api.awaitFinal("/marts/" + mart + "/product-imports/" + job, owner, Duration.ofSeconds(60));
    assertThat(done.get("status").asString()).as(done.toString()).isEqualTo(expected);
    return done;
  }

  private Map<String, Object> product(String name) {
    return jdbc.sql("select * from dongchimi_product where mart_id = :m and name = :n")
        .param("m", mart)
        .param("n", name)
        .query()
        .singleRow();
  }

  private String fileKey(JsonNode job) {
    return jdbc.sql("select file_key from dongchimi_product_import where task_id = :t")
        .param("t", UUID.fromString(job.get("job_id").asString()))
        .query(String.class)
        .single();
  }

  private long productCount() {
    return jdbc.sql("select count(*) from dongchimi_product where mart_id = :m")
        .param("m", mart)
        .query(Long.class)
        .single();
  }

  private long priceHistory() {
    return jdbc.sql(
            """
            select count(*) from dongchimi_price_history h
              join dongchimi_product p on p.id = h.product_id where p.mart_id = :m
            """)
        .param("m", mart)
        .query(Long.class)
        .single();
  }
}
