package dev.dungji.adapter.registry.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.register.Entry;
import dev.dungji.register.EntryStatus;
import dev.dungji.register.Line;
import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RegisterParser;
import dev.dungji.register.StrikeReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every profile, as a text-layer PDF, parses to its truth: red lines and cancellations agree. */
class SandboxRegisterParseTest {
  private final RegistryPdf pdf = new RegistryPdf(null);

  @ParameterizedTest
  @EnumSource(SandboxRegister.Profile.class)
  void eachProfileParsesToItsTruth(SandboxRegister.Profile profile) throws Exception {
    for (SandboxRegister.Kind kind : SandboxRegister.Kind.values()) {
      SandboxRegister.Spec spec =
          new SandboxRegister.Spec(
              "서울특별시 마포구 성산동 123 한빛아파트",
              "제101동 제7층 제702호",
              profile,
              kind,
              42 + kind.ordinal(),
              false);
      SandboxRegister.Generated generated = SandboxRegister.generate(spec);
      ParsedRegister parsed = parse(pdf.render(generated.pages(), false));

      SandboxRegister.Truth truth = generated.truth();
      assertParsesToTheTruth(parsed, truth, profile, kind);
      assertThat(parsed.depositsInForce()).isEqualTo(truth.depositsInForce());
      assertThat(parsed.entries().filter(e -> e.status() == EntryStatus.CANCELLED))
          .allSatisfy(e -> assertThat(e.struck()).isTrue());
    }
  }

  @ParameterizedTest
  @EnumSource(SandboxRegister.Profile.class)
  void glyphsPlacedOneByOneInNoReadingOrderParseToTheTruth(SandboxRegister.Profile profile)
      throws Exception {
    for (SandboxRegister.Kind kind : SandboxRegister.Kind.values()) {
      SandboxRegister.Generated generated =
          SandboxRegister.generate(
              new SandboxRegister.Spec(
                  "서울특별시 마포구 성산동 123 한빛아파트",
                  "제7층 제702호",
                  profile,
                  kind,
                  7 + kind.ordinal(),
                  false));
      ParsedRegister parsed = parse(pdf.render(generated.pages(), RegistryPdf.Format.GLYPHS));

      assertParsesToTheTruth(parsed, generated.truth(), profile, kind);
    }
  }

  @org.junit.jupiter.api.Test
  void shapesHaveNoTextLayerAndGlyphsAreNotDrawnInReadingOrder() throws Exception {
    SandboxRegister.Generated generated =
        SandboxRegister.generate(
            new SandboxRegister.Spec(
                "서울특별시 마포구 성산동 123 한빛아파트",
                "제7층 제702호",
                SandboxRegister.Profile.LONG_HISTORY,
                SandboxRegister.Kind.COLLECTIVE,
                3,
                false));
    assertThat(StrikeReader.read(pdf.render(generated.pages(), RegistryPdf.Format.SHAPES)))
        .allSatisfy(p -> assertThat(p.lines()).isEmpty());

    // Unsorted, in the order drawn, the text of the glyph-placed PDF is scattered.
    byte[] glyphs = pdf.render(generated.pages(), RegistryPdf.Format.GLYPHS);
    try (var document = org.apache.pdfbox.Loader.loadPDF(glyphs)) {
      String drawn = new org.apache.pdfbox.text.PDFTextStripper().getText(document);
      assertThat(drawn).doesNotContain("소유권보존");
    }
    assertThat(pdf.render(generated.pages(), RegistryPdf.Format.GLYPHS).length)
        .isEqualTo(glyphs.length);
  }

  @org.junit.jupiter.api.Test
  void theMarkersChooseTheKindOfPdf() {
    assertThat(SandboxRegistryIssuer.format(java.util.Set.of(SandboxFault.SHAPES)))
        .isEqualTo(RegistryPdf.Format.SHAPES);
    assertThat(SandboxRegistryIssuer.format(java.util.Set.of(SandboxFault.GLYPHS)))
        .isEqualTo(RegistryPdf.Format.GLYPHS);
    assertThat(SandboxRegistryIssuer.format(java.util.Set.of(SandboxFault.SCANNED)))
        .isEqualTo(RegistryPdf.Format.SCANNED);
    assertThat(SandboxRegistryIssuer.format(java.util.Set.of()))
        .isEqualTo(RegistryPdf.Format.TEXT_LAYER);
    assertThat(SandboxFault.parse("shapes")).isEqualTo(SandboxFault.SHAPES);
  }

  /** The register read from a PDF's text layer, positions sorted, with its red lines. */
  private static ParsedRegister parse(byte[] document) throws Exception {
    List<Line> lines = new ArrayList<>();
    StrikeReader.read(document).forEach(p -> lines.addAll(p.lines()));
    return RegisterParser.parse(lines);
  }

  /** Owners, rights in force in 갑구 and 을구, the 채권최고액 sum, and no warning: as generated. */
  private static void assertParsesToTheTruth(
      ParsedRegister parsed,
      SandboxRegister.Truth truth,
      SandboxRegister.Profile profile,
      SandboxRegister.Kind kind) {
    assertThat(parsed.owners()).as("%s %s owners", profile, kind).isEqualTo(truth.owners());
    assertThat(ranks(parsed.gap())).as("%s %s 갑구", profile, kind).isEqualTo(truth.gapInForce());
    assertThat(ranks(parsed.eul())).as("%s %s 을구", profile, kind).isEqualTo(truth.eulInForce());
    assertThat(parsed.maxClaimInForce()).isEqualTo(truth.maxClaimInForce());
    assertThat(parsed.warnings()).as("%s %s warnings", profile, kind).isEmpty();
  }

  static List<String> ranks(List<Entry> entries) {
    return entries.stream().filter(e -> e.inForce() && e.kind().burden()).map(Entry::rank).toList();
  }
}
