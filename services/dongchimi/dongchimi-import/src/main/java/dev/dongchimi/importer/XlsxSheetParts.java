package dev.dongchimi.importer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * What fastexcel-reader does not expose of a sheet, read in a second pass over the sheet's own XML
 * parts with StAX (memory does not grow with the sheet): its merge list ({@code <mergeCell
 * ref="A3:A6"/>}, after the rows) and the pictures of its drawing anchored to cells ({@code
 * xdr:twoCellAnchor}/{@code xdr:oneCellAnchor} with an {@code a:blip}). Runs after {@link
 * XlsxGuard} has refused zip bombs and DTDs.
 */
final class XlsxSheetParts {
  /** At most this many merged regions are spread; a product sheet has a few dozen. */
  static final int MAX_MERGES = 10_000;

  /** At most this many pictures are taken, each at most {@link #MAX_PICTURE_BYTES}. */
  static final int MAX_PICTURES = 1_000;

  static final long MAX_PICTURE_BYTES = 5L * 1024 * 1024;

  private static final String REL_NS =
      "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

  /** A merged region: rows as Excel numbers them (1-based), columns 0-based. */
  record Merge(int firstRow, int lastRow, int firstColumn, int lastColumn) {}

  /** A picture anchored with its top-left corner in a cell: row 1-based, column 0-based. */
  record Picture(int row, int column, String part, String contentType) {}

  record Parts(List<Merge> merges, List<Picture> pictures) {
    static final Parts NONE = new Parts(List.of(), List.of());
  }

  private XlsxSheetParts() {}

  /** The merges and pictures of the sheet with this relationship id in workbook.xml. */
  static Parts read(Path file, String sheetRelId) throws IOException {
    try (ZipFile zip = new ZipFile(file.toFile())) {
      String sheetPart = target(zip, "xl/workbook.xml", sheetRelId);
      if (sheetPart == null) {
        return Parts.NONE;
      }
      List<Merge> merges = new ArrayList<>();
      List<String> drawingIds = new ArrayList<>();
      try (InputStream in = open(zip, sheetPart)) {
        if (in == null) {
          return Parts.NONE;
        }
        XMLStreamReader xml = reader(in);
        while (xml.hasNext()) {
          if (xml.next() != XMLStreamReader.START_ELEMENT) {
            continue;
          }
          switch (xml.getLocalName()) {
            case "mergeCell" -> {
              Merge m = merge(xml.getAttributeValue(null, "ref"));
              if (m != null && merges.size() < MAX_MERGES) {
                merges.add(m);
              }
            }
            case "drawing" -> drawingIds.add(xml.getAttributeValue(REL_NS, "id"));
            default -> {}
          }
        }
      }
      List<Picture> pictures = new ArrayList<>();
      for (String id : drawingIds) {
        String drawing = target(zip, sheetPart, id);
        if (drawing != null) {
          pictures(zip, drawing, pictures);
        }
      }
      return new Parts(List.copyOf(merges), List.copyOf(pictures));
    } catch (XMLStreamException e) {
      // The rows are fastexcel-reader's to judge; merges and pictures are extras, and a part it
      // cannot read costs them only.
      return Parts.NONE;
    }
  }

  /** The bytes of a picture, or null when it is missing or larger than the limit. */
  static byte[] bytes(Path file, Picture picture) throws IOException {
    try (ZipFile zip = new ZipFile(file.toFile())) {
      ZipEntry entry = zip.getEntry(picture.part());
      if (entry == null) {
        return null;
      }
      try (InputStream in = zip.getInputStream(entry)) {
        byte[] bytes = in.readNBytes((int) MAX_PICTURE_BYTES + 1);
        return bytes.length > MAX_PICTURE_BYTES ? null : bytes;
      }
    }
  }

  private static void pictures(ZipFile zip, String drawing, List<Picture> into)
      throws IOException, XMLStreamException {
    try (InputStream in = open(zip, drawing)) {
      if (in == null) {
        return;
      }
      XMLStreamReader xml = reader(in);
      int row = -1;
      int column = -1;
      boolean inFrom = false;
      String field = null;
      while (xml.hasNext() && into.size() < MAX_PICTURES) {
        int event = xml.next();
        if (event == XMLStreamReader.START_ELEMENT) {
          String name = xml.getLocalName();
          switch (name) {
            case "twoCellAnchor", "oneCellAnchor" -> {
              row = -1;
              column = -1;
            }
            case "from" -> inFrom = true;
            case "row", "col" -> field = inFrom ? name : null;
            case "blip" -> {
              String target = target(zip, drawing, xml.getAttributeValue(REL_NS, "embed"));
              String type = target == null ? null : contentType(target);
              if (row >= 0 && type != null) {
                into.add(new Picture(row + 1, Math.max(column, 0), target, type));
              }
            }
            default -> {}
          }
        } else if (event == XMLStreamReader.CHARACTERS && field != null) {
          int value = parseInt(xml.getText().strip());
          if (field.equals("row")) {
            row = value;
          } else {
            column = value;
          }
        } else if (event == XMLStreamReader.END_ELEMENT) {
          if (xml.getLocalName().equals("from")) {
            inFrom = false;
          }
          field = null;
        }
      }
    }
  }

  /** The part a relationship of {@code part} points to, resolved to a zip entry name. */
  private static String target(ZipFile zip, String part, String id)
      throws IOException, XMLStreamException {
    if (id == null) {
      return null;
    }
    int slash = part.lastIndexOf('/');
    String dir = slash < 0 ? "" : part.substring(0, slash + 1);
    String rels = dir + "_rels/" + part.substring(slash + 1) + ".rels";
    try (InputStream in = open(zip, rels)) {
      if (in == null) {
        return null;
      }
      XMLStreamReader xml = reader(in);
      while (xml.hasNext()) {
        if (xml.next() == XMLStreamReader.START_ELEMENT
            && xml.getLocalName().equals("Relationship")
            && id.equals(xml.getAttributeValue(null, "Id"))) {
          if ("External".equals(xml.getAttributeValue(null, "TargetMode"))) {
            return null; // a linked picture on the web: nothing in the file to take
          }
          String target = xml.getAttributeValue(null, "Target");
          return target == null ? null : resolve(dir, target);
        }
      }
    }
    return null;
  }

  private static String resolve(String dir, String target) {
    if (target.startsWith("/")) {
      return target.substring(1);
    }
    List<String> parts = new ArrayList<>(List.of(dir.split("/")));
    parts.removeIf(String::isEmpty);
    for (String p : target.split("/")) {
      if (p.equals("..")) {
        if (!parts.isEmpty()) {
          parts.removeLast();
        }
      } else if (!p.equals(".") && !p.isEmpty()) {
        parts.add(p);
      }
    }
    return String.join("/", parts);
  }

  private static final Map<String, String> IMAGE_TYPES = new HashMap<>();

  static {
    IMAGE_TYPES.put("png", "image/png");
    IMAGE_TYPES.put("jpg", "image/jpeg");
    IMAGE_TYPES.put("jpeg", "image/jpeg");
    IMAGE_TYPES.put("gif", "image/gif");
    IMAGE_TYPES.put("webp", "image/webp");
  }

  /** The picture's type by its part name; EMF/WMF and others are not product photos. */
  private static String contentType(String part) {
    int dot = part.lastIndexOf('.');
    return dot < 0 ? null : IMAGE_TYPES.get(part.substring(dot + 1).toLowerCase());
  }

  /** "A3:A6" (or one cell "B2"), null when it is not a cell range. */
  static Merge merge(String ref) {
    if (ref == null) {
      return null;
    }
    String[] ends = ref.split(":");
    int[] a = cell(ends[0]);
    int[] b = ends.length > 1 ? cell(ends[1]) : a;
    if (a == null || b == null) {
      return null;
    }
    return new Merge(
        Math.min(a[0], b[0]), Math.max(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[1], b[1]));
  }

  /** "AB12" → {12, 27}. */
  private static int[] cell(String ref) {
    ref = ref.replace("$", "");
    int i = 0;
    int column = 0;
    while (i < ref.length() && Character.isLetter(ref.charAt(i)) && i < 3) {
      column = column * 26 + (Character.toUpperCase(ref.charAt(i)) - 'A' + 1);
      i++;
    }
    int row = parseInt(ref.substring(i));
    return column == 0 || row <= 0 ? null : new int[] {row, column - 1};
  }

  private static int parseInt(String s) {
    try {
      return s.length() > 9 ? -1 : Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static InputStream open(ZipFile zip, String name) throws IOException {
    ZipEntry entry = zip.getEntry(name);
    return entry == null ? null : zip.getInputStream(entry);
  }

  private static XMLStreamReader reader(InputStream in) throws XMLStreamException {
    // The JDK's own parser, as fastexcel-reader uses: the Aalto parser on the class path refuses
    // sheet XML that Excel and fastexcel write.
    XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    return factory.createXMLStreamReader(in);
  }
}
