package dev.tools.registeraccuracy;

import dev.dungji.adapter.ocr.tesseract.TesseractPageOcr;
import dev.dungji.adapter.registry.sandbox.RegistryPdf;
import dev.dungji.adapter.registry.sandbox.RegistryPdf.Format;
import dev.dungji.adapter.registry.sandbox.SandboxRegister;
import dev.dungji.register.Entry;
import dev.dungji.register.Line;
import dev.dungji.register.NotARegisterException;
import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RegisterParser;
import dev.dungji.register.StrikeReader;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * also scanned (default 21; OCR takes seconds a page), {@code --smoke}: 7 and 1. {@code
 * --split=dev|holdout|all} keeps the corpus's first three rounds (dev: what the parser is tuned on)
 * or its last two (hold-out: measured, never looked into); see {@link Corpus#split}.
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
    Corpus.Split split = Corpus.Split.ALL;
    Path cache = null;
    Set<Long> only = new java.util.HashSet<>();
    int ruleRun = TesseractPageOcr.DEFAULT_RULE_RUN;
    int shapes = 7;
    for (String arg : args) {
      if (arg.startsWith("--count=")) {
        count = Integer.parseInt(arg.substring(8));
      } else if (arg.startsWith("--limit=")) {
        limit = Integer.parseInt(arg.substring(8));
      } else if (arg.equals("--smoke")) {
        count = 7;
        limit = 1;
        shapes = 0;
      } else if (arg.startsWith("--split=")) {
        split = Corpus.Split.valueOf(arg.substring(8).toUpperCase(Locale.ROOT));
      } else if (arg.startsWith("--ocr-cache=")) {
        cache = Path.of(arg.substring(12));
      } else if (arg.startsWith("--only=")) {
        for (String seed : arg.substring(7).split(",")) {
          only.add(Long.parseLong(seed));
        }
      } else if (arg.startsWith("--shapes=")) {
        shapes = Integer.parseInt(arg.substring(9));
      } else if (arg.startsWith("--rule-run=")) {
        ruleRun = Integer.parseInt(arg.substring(11));
      } else if (arg.equals("--verbose")) {
        verbose = true;
      } else {
        System.err.println(
            "usage: run.sh [--count=105] [--limit=21] [--shapes=7] [--split=dev|holdout|all] [--ocr-cache=DIR] [--only=SEED,…] [--rule-run=PX] [--smoke] [--verbose]");
        System.exit(2);
      }
    }
    List<SandboxRegister.Spec> specs = Corpus.specs(count);
    Set<Integer> inSplit = Corpus.split(count, split);
    RegistryPdf pdf = new RegistryPdf(null);
    Score text = new Score("text layer");
    Score glyphs = new Score("text layer placed glyph by glyph");
    Score scanned = new Score("scanned (Tesseract)");
    Score drawn = new Score("shapes only, no text layer (Tesseract)");
    TesseractPageOcr ocr =
        new TesseractPageOcr("tesseract", "kor", 6, java.time.Duration.ofMinutes(2), ruleRun);
    if (!ocr.available()) {
      System.err.println("Tesseract is not installed: scanned documents skipped");
      limit = 0;
      shapes = 0;
    }
    // The first `limit` picks are scanned, the next `shapes` drawn as shapes: other documents.
    List<Integer> picks = List.copyOf(Corpus.scanned(count, split, limit + shapes));
    Set<Integer> toScan = Set.copyOf(picks.subList(0, Math.min(limit, picks.size())));
    Set<Integer> toDraw = Set.copyOf(picks.subList(Math.min(limit, picks.size()), picks.size()));
    System.out.printf(
        "split %s: %d documents, %d of them also scanned, %d also as shapes only%n",
        split.name().toLowerCase(Locale.ROOT), inSplit.size(), toScan.size(), toDraw.size());
    for (int i = 0; i < specs.size(); i++) {
      if (!inSplit.contains(i) || (!only.isEmpty() && !only.contains(specs.get(i).seed()))) {
        continue;
      }
      SandboxRegister.Spec spec = specs.get(i);
      SandboxRegister.Generated g = SandboxRegister.generate(spec);
      text.add(
          spec, g.truth(), parse(textLayer(pdf.render(g.pages(), Format.TEXT_LAYER))), verbose);
      glyphs.add(spec, g.truth(), parse(textLayer(pdf.render(g.pages(), Format.GLYPHS))), verbose);
      boolean all = !only.isEmpty();
      for (Format format : List.of(Format.SCANNED, Format.SHAPES)) {
        boolean picked = format == Format.SCANNED ? toScan.contains(i) : toDraw.contains(i);
        if (!picked && !all) {
          continue;
        }
        Score score = format == Format.SCANNED ? scanned : drawn;
        long t0 = System.nanoTime();
        Read read = read(spec, format, pdf.render(g.pages(), format), ocr, cache);
        if (verbose) {
          read.lines.stream()
              .filter(l -> l.text().matches(".*(㎡|소유자|수탁자|갑|을|\\d\\s*[mM]).*"))
              .forEach(l -> System.out.println("  ocr| " + l.text()));
        }
        score.add(spec, g.truth(), parse(read.lines), verbose);
        if (read.ocrRan) {
          score.seconds += (System.nanoTime() - t0) / 1e9;
          score.ocrRuns++;
        }
      }
    }
    text.print();
    glyphs.print();
    scanned.print();
    drawn.print();
  }

  static List<Line> textLayer(byte[] document) throws IOException {
    List<Line> lines = new ArrayList<>();
    StrikeReader.read(document).forEach(p -> lines.addAll(p.lines()));
    return lines;
  }

  static ParsedRegister parse(List<Line> lines) {
    try {
      return RegisterParser.parse(lines);
    } catch (NotARegisterException e) {
      return null;
    }
  }

  record Read(List<Line> lines, boolean ocrRan) {}

  /**
   * The document read as the application reads it: the text layer (with its red lines) where a page
   * has one, OCR of the page rendered at 300 dpi where it has none. With a cache directory the text
   * Tesseract gave is kept per seed, kind of PDF and OCR settings (pages separated by form feeds),
   * so a parser change is measured again without reading the pages again.
   */
  static Read read(
      SandboxRegister.Spec spec, Format format, byte[] document, TesseractPageOcr ocr, Path cache)
      throws IOException {
    List<StrikeReader.Page> layer = StrikeReader.read(document);
    String settings = ocr.describe().replaceAll("[^A-Za-z0-9]+", "_");
    Path file =
        cache == null
            ? null
            : cache.resolve(
                spec.seed()
                    + (format == Format.SCANNED ? "" : "-" + format.name().toLowerCase(Locale.ROOT))
                    + "-"
                    + settings
                    + ".txt");
    List<String> pages = new ArrayList<>();
    boolean ran = false;
    if (file != null && Files.exists(file)) {
      pages.addAll(List.of(Files.readString(file).split("\f", -1)));
    } else {
      try (PDDocument pdf = Loader.loadPDF(document)) {
        PDFRenderer renderer = new PDFRenderer(pdf);
        for (int i = 0; i < pdf.getNumberOfPages(); i++) {
          if (i < layer.size() && !layer.get(i).lines().isEmpty()) {
            pages.add("");
            continue;
          }
          BufferedImage image = renderer.renderImageWithDPI(i, 300, ImageType.GRAY);
          pages.add(ocr.read(image));
          ran = true;
        }
      }
      if (file != null) {
        Files.createDirectories(cache);
        Files.writeString(file, String.join("\f", pages));
      }
    }
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < pages.size(); i++) {
      if (i < layer.size() && !layer.get(i).lines().isEmpty()) {
        lines.addAll(layer.get(i).lines());
        continue;
      }
      for (String line : pages.get(i).split("\\R")) {
        if (!line.strip().matches("열\\s*람\\s*용")) {
          lines.add(new Line(line, i + 1, true, null));
        }
      }
    }
    return new Read(lines, ran);
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
    int ocrRuns;
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
      if (verbose && parsed != null) {
        parsed
            .warnings()
            .forEach(
                w ->
                    System.out.printf(
                        "  %s %s seed %d warns: %s%n", name, spec.profile(), spec.seed(), w));
      }
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
      if (ocrRuns > 0) {
        System.out.printf(
            Locale.ROOT,
            "  OCR and parse: %.1f s per document (%d read now, the others from the OCR cache)%n",
            seconds / ocrRuns,
            ocrRuns);
      }
    }
  }

  private RegisterAccuracy() {}
}
