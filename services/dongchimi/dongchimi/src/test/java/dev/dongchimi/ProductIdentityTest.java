package dev.dongchimi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A product's key within its mart, as the Excel import builds it (the cleaned name with its spec,
 * {@link ProductInput#check}): two different products must never share one, and one product written
 * two ways must. The names are from real listings: issue #18's grocery-listing file (the coffee,
 * water, sparkling and napkin names), 오뚜기's 진라면 매운맛/순한맛 and 서울우유's 저지방 lines, and the grades
 * (1++/1+, 특란/대란) and storage words (냉장/냉동) Korean mart flyers print.
 */
class ProductIdentityTest {

  @ParameterizedTest(name = "{0} ≠ {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // brand
        "[프릳츠] 콜드브루 300ml | [오닉스커피랩] 콜드브루 300ml",
        "CJ)두부 300g | 풀무원)두부 300g",
        "[하이트진로] 석수 2L x 6 | [농심] 백산수 2L x 6",
        // variant and flavour
        "[프릳츠] 콜드브루 (디카페인) 200ml | [프릳츠] 콜드브루 200ml",
        "오뚜기 진라면(매운맛) 120g x 5 | 오뚜기 진라면(순한맛) 120g x 5",
        "서울우유 (저지방) 1L | 서울우유 1L",
        // origin
        "[커피빈] 캡슐커피 (케냐) 10개입 | [커피빈] 캡슐커피 (에티오피아) 10개입",
        // grade and size
        "한우 1++ 등심 100g | 한우 1+ 등심 100g",
        "계란 (특란) 30구 | 계란 (대란) 30구",
        // storage
        "삼겹살 (냉장) 500g | 삼겹살 (냉동) 500g",
        // size and pack
        "[프릳츠] 콜드브루 300ml | [프릳츠] 콜드브루 200ml",
        "해양심층수 500ml X 20개입 | 해양심층수 500ml X 6개입",
        "홈냅킨(100매X6입) | 홈냅킨(100매X3입)",
      })
  void differentProductsStayApart(String a, String b) {
    assertThat(key(a)).isNotEqualTo(key(b));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "[프릳츠] 콜드브루 300ml | 프릳츠) 콜드브루 300ML",
        "[1+1] [프릳츠] 콜드브루 300ml | ★오늘만★ 프릳츠 콜드브루 300 ml 기획특가",
        "[프릳츠] 콜드브루 (디카페인) 200ml | 프릳츠 콜드브루 디카페인 200ml",
        "농심 신라면 120g*5 | [행사] 농심 신라면 120g x 5",
        "해양심층수 500ml X 20개입 | 해양심층수 500ml*20",
        "홈냅킨(100매X6입) | 홈냅킨 100매 x 6입",
        "[빅토리아] 자몽 스파클링 500ml 1박스(20개입) | 빅토리아 자몽 스파클링 500ml x 20",
        "하이트진로 석수 2L x 6 | [하이트진로] 석수 2L*6 (조기품절 시 종료)",
        "오뚜기 진라면(매운맛) 120g x 5 | 오뚜기 진라면 매운맛 120g*5 [초특가]",
        "삼겹살 (냉장) 500g | 삼겹살 냉장 500그램",
      })
  void oneProductWrittenTwoWaysIsOne(String a, String b) {
    assertThat(key(a)).isEqualTo(key(b));
  }

  /** The key the import's row mapper gets for a name cell. */
  private static String key(String raw) {
    ProductNames.Cleaned cleaned = ProductNames.clean(raw);
    return new ProductInput(
            raw, cleaned.display(), "OTHER", 1000, null, null, null, null, null, null, null, null)
        .check();
  }
}
