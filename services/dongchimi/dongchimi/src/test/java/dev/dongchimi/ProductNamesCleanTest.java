package dev.dongchimi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The import's name preprocessing on names as flyers and mart sheets write them. */
class ProductNamesCleanTest {

  @ParameterizedTest(name = "{0} → {1} | {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "[행사] 서울우유 1L | 서울우유 1L | 서울우유",
        "신라면 120g*5 | 신라면 120g×5 | 신라면",
        "신라면 120g x 5 | 신라면 120g×5 | 신라면",
        "삼다수 2L X 6 | 삼다수 2L×6 | 삼다수",
        "★오늘만★ 햇반 210g (12입) | 햇반 210g×12 | 햇반",
        "1+1 코카콜라 500ml | 코카콜라 500ml | 코카콜라",
        "빙그레 바나나맛우유 240ml 2+1 | 빙그레 바나나맛우유 240ml | 빙그레 바나나맛우유",
        "[오늘만] 한우 1++ 등심 100g | 한우 1++ 등심 100g | 한우 1++ 등심",
        "호주산 소고기 척아이롤 (냉장) 1키로 | 호주산 소고기 척아이롤 냉장 1kg | 호주산 소고기 척아이롤 냉장",
        "국산 삼겹살(냉장) 500그램 | 국산 삼겹살 냉장 500g | 국산 삼겹살 냉장",
        "목우촌 계란 30구 | 목우촌 계란 30구 | 목우촌 계란",
        "깨끗한나라 키친타월 150매 6롤 | 깨끗한나라 키친타월 150매×6 | 깨끗한나라 키친타월",
        "하림 닭가슴살 100g*10팩 | 하림 닭가슴살 100g×10 | 하림 닭가슴살",
        "양파 3kg(망) | 양파 3kg | 양파",
        "감자 1박스 | 감자 1박스 | 감자",
        "CJ 비비고 왕교자 1.05kg [초특가] | CJ 비비고 왕교자 1.05kg | CJ 비비고 왕교자",
        "풀무원 국산콩 두부 (300g) | 풀무원 국산콩 두부 300g | 풀무원 국산콩 두부",
        "칠레산 냉동 연어 (1인분 기준) 200g | 칠레산 냉동 연어 200g | 칠레산 냉동 연어",
        "참이슬 후레쉬 360ml x 20병 | 참이슬 후레쉬 360ml×20 | 참이슬 후레쉬",
        "농심 새우깡 90g 특가 | 농심 새우깡 90g | 농심 새우깡",
        "오뚜기 진라면(매운맛) 5봉 | 오뚜기 진라면 매운맛 5봉 | 오뚜기 진라면 매운맛",
        "[프릳츠] 콜드브루 300ml | 프릳츠 콜드브루 300ml | 프릳츠 콜드브루",
        "CJ)햇반 210g | CJ 햇반 210g | CJ 햇반",
        "[1+1] 기획특가 맥심 카누 (디카페인) 0.9g x 100T | 맥심 카누 디카페인 0.9g×100 | 맥심 카누 디카페인",
        "바나나 1송이 | 바나나 1송이 | 바나나",
        "【기획】 CJ 백설 식용유 1.8L | CJ 백설 식용유 1.8L | CJ 백설 식용유",
        "제주 감귤 5키로 박스 | 제주 감귤 5kg | 제주 감귤",
        "노르웨이산 고등어 2마리 | 노르웨이산 고등어 2마리 | 노르웨이산 고등어 2마리",
        "대파 1단 | 대파 1단 | 대파",
        "동원참치 라이트스탠다드 150g*4캔 | 동원참치 라이트스탠다드 150g×4 | 동원참치 라이트스탠다드",
        "해태 홈런볼 46g ×3 | 해태 홈런볼 46g×3 | 해태 홈런볼",
        "맥심 모카골드 12g x 100T | 맥심 모카골드 12g×100 | 맥심 모카골드",
      })
  void cleansNames(String raw, String display, String base) {
    ProductNames.Cleaned cleaned = ProductNames.clean(raw);
    assertThat(cleaned.display()).isEqualTo(display);
    assertThat(cleaned.baseName()).isEqualTo(base);
    assertThat(cleaned.matchKey()).isEqualTo(ProductNames.normalize(base));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "[행사] 서울우유 1L | 행사",
        "1+1 코카콜라 500ml | 1+1",
        "★오늘만★ 햇반 210g | ★오늘만★",
        "CJ 비비고 왕교자 [초특가] | 초특가",
      })
  void keepsThePromotionsItStrips(String raw, String promotion) {
    assertThat(ProductNames.clean(raw).promotions()).contains(promotion);
  }

  @org.junit.jupiter.api.Test
  void keepsNotesApartAndALineBreakIsASpace() {
    ProductNames.Cleaned cleaned = ProductNames.clean("칠레산 연어\n(1인분 기준) 200g");
    assertThat(cleaned.notes()).containsExactly("1인분 기준");
    assertThat(cleaned.display()).isEqualTo("칠레산 연어 200g");
  }
}
