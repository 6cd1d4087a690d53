package dev.dongchimi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The price per piece (원/개) of count packs, from names as flyers and mart sheets write them. */
class PiecePriceTest {

  @ParameterizedTest(name = "{0} at {1}원 → {2} pieces, {3}원 each")
  @CsvSource(
      delimiter = '|',
      value = {
        "오리온 초코파이 10개입 | 5000 | 10 | 500",
        "목우촌 계란 30구 | 8990 | 30 | 300",
        "빙그레 요플레 6입 | 3980 | 6 | 663",
        "해양심층수 500ml X 20개입 | 9900 | 20 | 495",
        "농심 신라면 X 20개 | 15900 | 20 | 795",
        "삼다수 2L X 6 | 6000 | 6 | 1000",
        "홈냅킨 100매 6입 | 3000 | 6 | 500",
        "하림 닭가슴살 100g*10팩 | 12900 | 10 | 1290",
        "깨끗한나라 키친타월 150매 6롤 | 7990 | 6 | 1332",
        "오뚜기 진라면(매운맛) 5봉 | 3580 | 5 | 716",
      })
  void countPacksHaveAPricePerPiece(String raw, int price, int pieces, long each) {
    ProductNames.PiecePrice piece = ProductNames.piecePrice(ProductNames.clean(raw).spec(), price);
    assertThat(piece).isEqualTo(new ProductNames.PiecePrice(pieces, each));
  }

  @ParameterizedTest(name = "{0}: no piece price")
  @CsvSource({"수박 1통", "국산 삼겹살 500g", "서울우유 1L", "바나나 1송이", "배추"})
  void singleItemsHaveNone(String raw) {
    assertThat(ProductNames.piecePrice(ProductNames.clean(raw).spec(), 10000)).isNull();
  }

  @ParameterizedTest(name = "the API reads {0} as {1} pieces")
  @CsvSource({"계란 30구, 30", "초코파이 12개입, 12", "우유 200ml×2, 2"})
  void theApiSpecReadsCountsToo(String raw, int pieces) {
    assertThat(ProductNames.pieces(ProductNames.parseSpec(raw).orElseThrow())).isEqualTo(pieces);
  }
}
