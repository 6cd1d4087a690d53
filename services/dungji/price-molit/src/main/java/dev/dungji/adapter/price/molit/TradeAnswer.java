package dev.dungji.adapter.price.molit;

import dev.dungji.price.PriceSourceException;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * One XML answer of the API read: its deals and total count, or the refusal it carries. The API
 * answers errors in two shapes: its own {@code <response><header><resultCode>} (000 or 00 is
 * success, 03 "no data") and the data.go.kr gateway's {@code <OpenAPI_ServiceResponse>} with a
 * {@code returnReasonCode} (22: quota used up; 20, 30, 31, 32: the key is refused).
 */
record TradeAnswer(List<Deal> deals, int totalCount) {

  static TradeAnswer parse(byte[] xml) throws PriceSourceException {
    Document doc = read(xml);
    Element root = doc.getDocumentElement();
    if (root.getTagName().equals("OpenAPI_ServiceResponse")) {
      throw gatewayRefusal(text(root, "returnReasonCode"), text(root, "returnAuthMsg"));
    }
    if (!root.getTagName().equals("response")) {
      throw new PriceSourceException(
          PriceSourceException.MALFORMED, "unexpected root element <" + root.getTagName() + ">");
    }
    String code = text(root, "resultCode");
    if ("03".equals(code)) {
      return new TradeAnswer(List.of(), 0);
    }
    if (!"000".equals(code) && !"00".equals(code)) {
      throw apiRefusal(code, text(root, "resultMsg"));
    }
    List<Deal> deals = new ArrayList<>();
    NodeList items = root.getElementsByTagName("item");
    for (int i = 0; i < items.getLength(); i++) {
      deals.add(deal((Element) items.item(i)));
    }
    String total = text(root, "totalCount");
    return new TradeAnswer(deals, total == null ? deals.size() : parseInt(total, "totalCount"));
  }

  private static Deal deal(Element item) throws PriceSourceException {
    String amount = text(item, "dealAmount");
    String area = text(item, "excluUseAr");
    if (amount == null || area == null) {
      throw new PriceSourceException(
          PriceSourceException.MALFORMED, "an item without dealAmount or excluUseAr");
    }
    try {
      long man = Long.parseLong(amount.replace(",", "").strip());
      LocalDate date =
          LocalDate.of(
              parseInt(text(item, "dealYear"), "dealYear"),
              parseInt(text(item, "dealMonth"), "dealMonth"),
              parseInt(text(item, "dealDay"), "dealDay"));
      return new Deal(
          man * 10_000,
          new BigDecimal(area.strip()),
          date,
          text(item, "aptNm"),
          "O".equals(text(item, "cdealType")));
    } catch (NumberFormatException | java.time.DateTimeException e) {
      throw new PriceSourceException(
          PriceSourceException.MALFORMED,
          "an item with an unreadable number: " + e.getMessage(),
          e);
    }
  }

  private static PriceSourceException gatewayRefusal(String reason, String message) {
    String code =
        switch (reason == null ? "" : reason.strip()) {
          case "22" -> PriceSourceException.QUOTA_EXCEEDED;
          case "20", "30", "31", "32" -> PriceSourceException.KEY_REJECTED;
          default -> PriceSourceException.UNAVAILABLE;
        };
    return new PriceSourceException(code, "data.go.kr refused: " + reason + " " + message);
  }

  private static PriceSourceException apiRefusal(String resultCode, String message) {
    String code =
        switch (resultCode == null ? "" : resultCode.strip()) {
          case "22" -> PriceSourceException.QUOTA_EXCEEDED;
          case "20", "30", "31", "32" -> PriceSourceException.KEY_REJECTED;
          default -> PriceSourceException.UNAVAILABLE;
        };
    return new PriceSourceException(code, "the API answered " + resultCode + " " + message);
  }

  private static Document read(byte[] xml) throws PriceSourceException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      // A remote answer: no DTDs, no external entities (XXE).
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      DocumentBuilder builder = factory.newDocumentBuilder();
      builder.setErrorHandler(null);
      return builder.parse(new ByteArrayInputStream(xml));
    } catch (Exception e) {
      throw new PriceSourceException(
          PriceSourceException.MALFORMED, "the answer is not XML: " + e.getMessage(), e);
    }
  }

  private static String text(Element parent, String tag) {
    NodeList nodes = parent.getElementsByTagName(tag);
    if (nodes.getLength() == 0) {
      return null;
    }
    String s = nodes.item(0).getTextContent();
    return s == null || s.isBlank() ? null : s.strip();
  }

  private static int parseInt(String s, String field) throws PriceSourceException {
    try {
      return Integer.parseInt(s.strip());
    } catch (RuntimeException e) {
      throw new PriceSourceException(
          PriceSourceException.MALFORMED, field + " is not a number: " + s, e);
    }
  }
}
