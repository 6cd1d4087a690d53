package dev.app.pages.owner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.importer.RowError;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.ResourceBundleMessageSource;

/** The import's row-error reasons in Korean and English, from the app's own message bundles. */
class RowErrorReasonsTest {
  private static final ResourceBundleMessageSource MESSAGES = messages();

  private static ResourceBundleMessageSource messages() {
    ResourceBundleMessageSource source = new ResourceBundleMessageSource();
    source.setBasename("messages");
    source.setDefaultEncoding("UTF-8");
    source.setFallbackToSystemLocale(false);
    return source;
  }

  private static String shown(RowError error, Locale locale) {
    RowErrorReasons.Shown shown = RowErrorReasons.of(error);
    return shown.key() == null
        ? shown.reason()
        : MESSAGES.getMessage(shown.key(), new Object[] {shown.argument()}, locale);
  }

  @Test
  void aKnownReasonIsShownInThePagesLanguageWithItsValue() {
    RowError above = new RowError(4, "할인가", "2000", "above the regular price 1000");
    assertThat(shown(above, Locale.KOREAN)).isEqualTo("할인가가 정가(1000)보다 비싸요.");
    assertThat(shown(above, Locale.ENGLISH))
        .isEqualTo("The sale price is above the regular price (1000).");
    RowError price = new RowError(3, "정가", "문의", "not a price in whole won");
    assertThat(shown(price, Locale.KOREAN)).isEqualTo("원 단위 숫자 가격이 아니에요.");
    assertThat(shown(price, Locale.ENGLISH)).isEqualTo("Not a price in whole won.");
    RowError period = new RowError(5, "행사기간", "", "a sale price needs 행사기간 (or 시작일 and 종료일)");
    assertThat(shown(period, Locale.KOREAN)).startsWith("할인가가 있으면 행사기간");
  }

  @Test
  void anUnknownReasonIsShownAsTheImportStoredIt() {
    RowError odd = new RowError(7, "상품명", "x", "something new the import says");
    assertThat(RowErrorReasons.of(odd).key()).isNull();
    assertThat(shown(odd, Locale.KOREAN)).isEqualTo("something new the import says");
  }

  @Test
  void everyKnownReasonHasBothLanguages() {
    for (String key : RowErrorReasons.keys()) {
      String ko = MESSAGES.getMessage(key, new Object[] {"1"}, null, Locale.KOREAN);
      String en = MESSAGES.getMessage(key, new Object[] {"1"}, null, Locale.ENGLISH);
      assertThat(ko).as(key).isNotBlank().isNotEqualTo(en);
      assertThat(en).as(key).isNotBlank().matches("[\\x20-\\x7E]+");
    }
  }
}
