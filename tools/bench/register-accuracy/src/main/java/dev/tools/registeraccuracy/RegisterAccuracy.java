package dev.tools.registeraccuracy;

import dev.dungji.adapter.ocr.tesseract.TesseractPageOcr;
import dev.dungji.adapter.registry.sandbox.RegistryPdf;
import dev.dungji.adapter.registry.sandbox.SandboxRegister;
import dev.dungji.register.Entry;
import dev.dungji.register.Line;
import dev.dungji.register.NotARegisterException;
import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RegisterParser;
import dev.dungji.register.StrikeReader;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

/**
 * Parses the labelled corpus as text-layer PDFs and as scans (rendered to images, read by
 * Tesseract), and prints field-level accuracy against each document's truth.
 *
 * <p>{@code --count=N} documents (default 105: 7 profiles × 3 kinds × 5), {@code --limit=M} of them
 * also scanned (default 21; OCR takes seconds a page), {@code --smoke}: 7 and 1.
 */
public final class RegisterAccuracy {
  static final String[] FIELDS = {
    "kind",
    "owners",
    "gap_in_force",
    "eul_in_force",
    "max_claim_sum",
    "deposit_sum",
    "flags",
    "area"
  };

  public static void main(String[] args) throws Exception {
    int count = 105;
    int limit = 21;
    boolean verbose = false;
    for (String arg : args) {
      if (arg.startsWith("--count=")) {
        count = Integer.parseInt(arg.substring(8));
      } else if (arg.startsWith("--limit=")) {
        limit = Integer.parseInt(arg.substring(8));
      } else if (arg.equals("--smoke")) {
        count = 7;
        limit = 1;
      } else if (arg.equals("--verbose")) {
        verbose = true;
      } else {
        System.err.println("usage: run.sh [--count=105] [--limit=21] [--smoke] [--verbose]");
        System.exit(2);
      }
    }
    List<SandboxRegister.Spec> specs = Corpus.specs(count);
    RegistryPdf pdf = new RegistryPdf(null);
    Score text = new Score("text layer");
    Score scanned = new Score("scanned (Tesseract)");
    TesseractPageOcr ocr = TesseractPageOcr.defaults();
    if (!ocr.available()) {
      System.err.println("Tesseract is not installed: scanned documents skipped");
      limit = 0;
    }
    // The scanned subset takes every profile and kind in turn: spread, not the first few.
    int step = Math.max(1, specs.size() / Math.max(1, limit));
    for (int i = 0; i < specs.size(); i++) {
      SandboxRegister.Generated g = SandboxRegister.generate(specs.get(i));
      byte[] document = pdf.render(g.pages(), false);
      List<Line> lines = new ArrayList<>();
      StrikeReader.read(document).forEach(p -> lines.addAll(p.lines()));
      text.add(specs.get(i), g.truth(), parse(lines), verbose);
      if (limit > 0 && i % step == 0 && scanned.documents < limit) {
        long t0 = System.nanoTime();
        List<Line> read = ocrLines(pdf.render(g.pages(), true), ocr);
        if (verbose) {
          read.stream()
              .filter(l -> l.text().matches(".*(㎡|소유자|수탁자|갑|을|\\d\\s*[mM]).*"))
              .forEach(l -> System.out.println("  ocr| " + l.text()));
        }
        scanned.add(specs.get(i), g.truth(), parse(read), verbose);
        scanned.seconds += (System.nanoTime() - t0) / 1e9;
      }
    }
    text.print();
    scanned.print();
  }

  static ParsedRegister parse(List<Line> lines) {
    try {
      return RegisterParser.parse(lines);
    } catch (NotARegisterException e) {
      return null;
    }
  }

  static List<Line> ocrLines(byte[] scan, TesseractPageOcr ocr) throws IOException {
    List<Line> lines = new ArrayList<>();
    try (PDDocument document = Loader.loadPDF(scan)) {
      PDFRenderer renderer = new PDFRenderer(document);
      for (int i = 0; i < document.getNumberOfPages(); i++) {
        BufferedImage image = renderer.renderImageWithDPI(i, 300, ImageType.GRAY);
        for (String line : ocr.read(image).split("\\R")) {
          if (!line.strip().matches("열\\s*람\\s*용")) {
            lines.add(new Line(line, i + 1, true, null));
          }
        }
      }
    }
    return lines;
  }

  /** The parse's answers, in the truth's terms. */
  static Map<String, Object> answers(ParsedRegister r) {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put(
        "kind",
        switch (r.kind()) {
          case COLLECTIVE_BUILDING -> "COLLECTIVE";
          case BUILDING -> "BUILDING";
          case LAND -> "LAND";
          case UNKNOWN -> "UNKNOWN";
        });
    a.put("owners", r.owners());
    a.put("gap_in_force", ranks(r.gap()));
    a.put("eul_in_force", ranks(r.eul()));
    a.put("max_claim_sum", r.maxClaimInForce());
    a.put("deposit_sum", r.depositsInForce());
    Set<String> flags = new LinkedHashSet<>();
    r.burdensInForce().forEach(e -> flags.add(e.kind().name()));
    if (Boolean.FALSE.equals(r.title().landRightRegistered())) {
      flags.add("NO_LAND_RIGHT");
    }
    a.put("flags", flags);
    a.put(
        "area",
        r.title().exclusiveArea() == null ? null : r.title().exclusiveArea().toPlainString());
    return a;
  }

  static Map<String, Object> expected(SandboxRegister.Truth t) {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("kind", t.kind());
    a.put("owners", t.owners());
    a.put("gap_in_force", t.gapInForce());
    a.put("eul_in_force", t.eulInForce());
    a.put("max_claim_sum", t.maxClaimInForce());
    a.put("deposit_sum", t.depositsInForce());
    a.put("flags", t.flags());
    a.put("area", t.exclusiveArea());
    return a;
  }

  static List<String> ranks(List<Entry> entries) {
    return entries.stream().filter(e -> e.inForce() && e.kind().burden()).map(Entry::rank).toList();
  }

  static final class Score {
    final String name;
    int documents;
    int exact;
    int uncertain;
    int silentlyWrong;
    double seconds;
    final Map<String, Integer> right = new LinkedHashMap<>();

    Score(String name) {
      this.name = name;
      for (String f : FIELDS) {
        right.put(f, 0);
      }
    }

    void add(
        SandboxRegister.Spec spec,
        SandboxRegister.Truth truth,
        ParsedRegister parsed,
        boolean verbose) {
      documents++;
      Map<String, Object> want = expected(truth);
      Map<String, Object> got = parsed == null ? Map.of() : answers(parsed);
      boolean all = true;
      for (String f : FIELDS) {
        boolean ok = equal(want.get(f), got.get(f));
        if (ok) {
          right.merge(f, 1, Integer::sum);
        } else {
          all = false;
          if (verbose) {
            System.out.printf(
                "  %s %s seed %d: %s expected %s, got %s%n",
                name, spec.profile(), spec.seed(), f, want.get(f), got.get(f));
          }
        }
      }
      boolean flagged = parsed == null || parsed.uncertain();
      if (flagged) {
        uncertain++;
      }
      if (all) {
        exact++;
      } else if (!flagged) {
        silentlyWrong++;
      }
    }

    static boolean equal(Object a, Object b) {
      if (a instanceof Set<?> || b instanceof Set<?>) {
        return a != null
            && b != null
            && Set.copyOf((java.util.Collection<?>) a)
                .equals(Set.copyOf((java.util.Collection<?>) b));
      }
      if (a instanceof String s
          && b instanceof String t
          && s.matches("[\\d.]+")
          && t.matches("[\\d.]+")) {
        return new java.math.BigDecimal(s).compareTo(new java.math.BigDecimal(t)) == 0;
      }
      return Objects.equals(a, b);
    }

    void print() {
      if (documents == 0) {
        System.out.printf("%s: no documents%n", name);
        return;
      }
      System.out.printf(Locale.ROOT, "%s: %d documents%n", name, documents);
      int fields = 0;
      int correct = 0;
      for (Map.Entry<String, Integer> e : right.entrySet()) {
        System.out.printf(
            Locale.ROOT,
            "  %-14s %6.1f %%  (%d/%d)%n",
            e.getKey(),
            100.0 * e.getValue() / documents,
            e.getValue(),
            documents);
        fields += documents;
        correct += e.getValue();
      }
      System.out.printf(Locale.ROOT, "  %-14s %6.1f %%%n", "all fields", 100.0 * correct / fields);
      System.out.printf(
          Locale.ROOT,
          "  documents entirely right %d/%d, with PARSE_UNCERTAIN warnings %d, wrong without a warning %d%n",
          exact,
          documents,
          uncertain,
          silentlyWrong);
      if (seconds > 0) {
        System.out.printf(
            Locale.ROOT, "  OCR and parse: %.1f s per document%n", seconds / documents);
      }
    }
  }

  private RegisterAccuracy() {}
}
