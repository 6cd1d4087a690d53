package dev.dungji.adapter.registry.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.register.Line;
import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RegisterParser;
import dev.dungji.register.StrikeReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code changes=N}: the k-th issuance of a register shows the first k - 1 changes, always. */
class SandboxRegisterChangesTest {
  private final RegistryPdf pdf = new RegistryPdf(null);

  private static SandboxRegister.Spec spec(SandboxRegister.Profile profile) {
    return SandboxRegister.spec(
        "서울특별시 마포구 성산동 123 한빛아파트",
        "101동 702호",
        "지켜보는 집 [register:" + profile.name().toLowerCase() + ",seed=11,changes=3]");
  }

  @Test
  void theMarkerSetsTheNumberOfChanges() {
    assertThat(spec(SandboxRegister.Profile.CLEAN).changes()).isEqualTo(3);
    assertThat(SandboxRegister.spec("주소", null, "[register:clean]").changes()).isZero();
  }

  @Test
  void theFirstIssuanceIsTheRegisterWithoutChangesAndEachLaterOneAddsTheNext() throws Exception {
    SandboxRegister.Spec spec = spec(SandboxRegister.Profile.CLEAN);
    SandboxRegister.Generated first = SandboxRegister.generate(spec, 1);
    assertThat(first.pages()).isEqualTo(SandboxRegister.generate(spec).pages());

    SandboxRegister.Truth t1 = first.truth();
    SandboxRegister.Truth t2 = SandboxRegister.generate(spec, 2).truth();
    SandboxRegister.Truth t3 = SandboxRegister.generate(spec, 3).truth();
    SandboxRegister.Truth t4 = SandboxRegister.generate(spec, 4).truth();
    SandboxRegister.Truth t9 = SandboxRegister.generate(spec, 9).truth();

    // 2nd: a new 근저당권 in 을구, the history unchanged.
    assertThat(t2.eulInForce()).hasSize(t1.eulInForce().size() + 1);
    assertThat(t2.maxClaimInForce()).isGreaterThan(t1.maxClaimInForce());
    assertThat(t2.owners()).isEqualTo(t1.owners());
    // 3rd: and a 압류 in 갑구.
    assertThat(t3.flags()).contains("SEIZURE");
    assertThat(t3.gapInForce()).hasSize(t2.gapInForce().size() + 1);
    // 4th: and the property sold to someone else.
    assertThat(t4.owners()).isNotEqualTo(t3.owners());
    // Past N changes the register stays as it is.
    assertThat(t9).isEqualTo(t4);
    // The same step always gives the same certificate.
    assertThat(SandboxRegister.generate(spec, 3).pages())
        .isEqualTo(SandboxRegister.generate(spec, 3).pages());
  }

  @Test
  void everyStepParsesToItsTruth() throws Exception {
    for (SandboxRegister.Profile profile : SandboxRegister.Profile.values()) {
      for (int issuance = 1; issuance <= 4; issuance++) {
        SandboxRegister.Generated generated = SandboxRegister.generate(spec(profile), issuance);
        List<Line> lines = new ArrayList<>();
        StrikeReader.read(pdf.render(generated.pages(), false))
            .forEach(p -> lines.addAll(p.lines()));
        ParsedRegister parsed = RegisterParser.parse(lines);
        SandboxRegister.Truth truth = generated.truth();
        String as = profile + " issuance " + issuance;
        assertThat(parsed.owners()).as(as).isEqualTo(truth.owners());
        assertThat(SandboxRegisterParseTest.ranks(parsed.gap()))
            .as(as)
            .isEqualTo(truth.gapInForce());
        assertThat(SandboxRegisterParseTest.ranks(parsed.eul()))
            .as(as)
            .isEqualTo(truth.eulInForce());
        assertThat(parsed.maxClaimInForce()).as(as).isEqualTo(truth.maxClaimInForce());
      }
    }
  }
}
