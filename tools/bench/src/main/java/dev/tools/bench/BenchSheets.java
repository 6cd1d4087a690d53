package dev.tools.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.time.LocalDate;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * Price lists as marts send them, generated row by row (fastexcel streams, so a 100,000-row sheet
 * costs no memory here): a title row, the header on row 3, prices as numbers or "12,345원", a sale
 * on every third product. Every name holds a word of the local image catalog, so every product gets
 * image candidates (two AI calls), and a code of Hangul syllables that makes it distinct (no cache
 * hit, no duplicate).
 */
final class BenchSheets {
  private static final String[] PRODUCTS = {
    "서울우유", "신라면", "국산 삼겹살", "풀무원 두부", "참이슬 후레쉬", "바나나", "햇양파", "고등어",
    "햇반", "비비고 왕교자", "새우깡", "삼다수 생수", "진간장", "우유식빵", "액체세제", "사과",
    "특란 계란", "포기김치", "코카콜라", "오리온 초코파이", "한우 등심", "냉동 만두", "대파", "귀리"
  };
  private static final String[] SPECS = {
    "1L", "120g*5", "500g", "300g", "360ml", "1.5kg", "10입", ""
  };
  // No catalog word can be spelt with these: the code changes the name's identity, not its words.
  private static final char[] SYLLABLES = "가나다라마사아자타하거너더러머서어저커터허노보조".toCharArray();

  private BenchSheets() {}

  /** A product name unique for {@code i} (up to 24^4 rows). */
  static String name(int i) {
    StringBuilder code = new StringBuilder();
    int n = i;
    for (int k = 0; k < 4; k++) {
      code.append(SYLLABLES[n % SYLLABLES.length]);
      n /= SYLLABLES.length;
    }
    return PRODUCTS[i % PRODUCTS.length] + " " + code;
  }

  static void write(OutputStream out, int rows, LocalDate today) throws IOException {
    Workbook workbook = new Workbook(out, "bench", "1.0");
    Worksheet sheet = workbook.newWorksheet("상품");
    sheet.value(0, 0, "벤치마트 주간 행사 상품");
    String[] header = {"품명", "규격", "판매가", "행사가", "행사기간"};
    for (int c = 0; c < header.length; c++) {
      sheet.value(2, c, header[c]);
    }
    String period = today + "~" + today.plusDays(6);
    for (int i = 0; i < rows; i++) {
      int r = i + 3;
      int price = 1_000 + (i % 90) * 100;
      sheet.value(r, 0, name(i));
      sheet.value(r, 1, SPECS[i % SPECS.length]);
      if (i % 2 == 0) {
        sheet.value(r, 2, price);
      } else {
        sheet.value(r, 2, String.format("%,d원", price));
      }
      if (i % 3 == 0) {
        sheet.value(r, 3, price - 500);
        sheet.value(r, 4, period);
      }
      if (r % 1000 == 999) {
        sheet.flush();
      }
    }
    workbook.finish();
  }
}
