package dev.dongchimi.importer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/** The template a mart owner fills in: headers, one example row, data validation. */
final class TemplateWorkbook {
  static final String[] HEADERS = {"상품명", "규격", "정가", "할인가", "행사기간", "바코드", "이미지"};
  private static final int ROWS = 20_000;

  private TemplateWorkbook() {}

  static byte[] bytes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      Workbook wb = new Workbook(out, "dongchimi", "1.0");
      Worksheet ws = wb.newWorksheet("상품");
      for (int c = 0; c < HEADERS.length; c++) {
        ws.value(0, c, HEADERS[c]);
        ws.width(c, c == 0 ? 36 : 16);
      }
      ws.style(0, 0).bold().set();
      ws.range(0, 0, 0, HEADERS.length - 1).style().bold().fillColor("DDEBF7").set();
      ws.value(1, 0, "[행사] 서울우유 1L");
      ws.value(1, 1, "1L");
      ws.value(1, 2, 3280);
      ws.value(1, 3, 2580);
      ws.value(1, 4, "2026-12-01~12-07");
      ws.value(1, 5, "8801115114154");
      ws.value(1, 6, "");
      // Prices: whole won, 0..10,000,000 (ProductInput.MAX_PRICE); the sale price at most the
      // regular one.
      ws.range(1, 2, ROWS, 2)
          .validateWithFormula("AND(ISNUMBER(C2),C2>=0,C2<=10000000,C2=INT(C2))")
          .showErrorMessage(true)
          .errorTitle("정가")
          .error("0 이상 1천만 이하의 정수(원)를 입력하세요");
      ws.range(1, 3, ROWS, 3)
          .validateWithFormula("AND(ISNUMBER(D2),D2>=0,D2<=C2)")
          .showErrorMessage(true)
          .errorTitle("할인가")
          .error("정가 이하의 금액을 입력하세요");
      ws.range(1, 5, ROWS, 5)
          .validateWithFormula("AND(LEN(F2)>=8,LEN(F2)<=14)")
          .showErrorMessage(true)
          .errorTitle("바코드")
          .error("8~14자리 숫자(텍스트로 입력하면 앞의 0이 유지됩니다)");
      ws.range(1, 5, ROWS, 5).style().format("@").set();
      wb.finish();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
