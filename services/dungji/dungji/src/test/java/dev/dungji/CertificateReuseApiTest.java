package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.registry.IssuanceQuota;
import dev.platform.test.Answer;
import dev.taskrow.test.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * A certificate of the nest issued within the reuse window is answered instead of paying again,
 * unless the tenant asks for a fresh one; past the window a plain request pays again. On today's
 * date (the window compares with the stored certificate's time), so the daily budget is large here:
 * other tests of the JVM count today too.
 */
@TestPropertySource(
    properties = {"dungji.quota.per-nest-per-day=2", "dungji.quota.reuse-window=24h"})
@Import(IssuanceQuotaApiTest.Clocks.class)
class CertificateReuseApiTest extends ApiTestBase {
  @Autowired
  @Qualifier(DungjiAutoConfiguration.DUNGJI_CLOCK)
  SettableClock clock;

  @Autowired IssuanceQuota quota;

  @Test
  void aRecentCertificateIsAnsweredWithoutPayingUnlessAFreshOneIsAsked() {
    clock.set(Instant.now());
    String alice = newUser();
    long nest = createNest(alice, "재사용");
    String first = issue(alice, nest).json().get("task_id").asString();
    assertThat(awaitFinal(alice, nest, first, false).get("status").asString()).isEqualTo("SUCCESS");
    int used = quota.usedToday("nest:" + nest);

    Answer again = issue(alice, nest);

    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json().get("task_id").asString()).isEqualTo(first);
    assertThat(again.json().get("recent_certificate").asBoolean()).isTrue();
    assertThat(quota.usedToday("nest:" + nest)).isEqualTo(used);

    Answer fresh =
        api().post("/nests/" + nest + "/analysis/registry/issue?fresh=true", alice, null);
    assertThat(fresh.status()).isEqualTo(202);
    assertThat(fresh.json().get("task_id").asString()).isNotEqualTo(first);
    assertThat(fresh.json().get("recent_certificate").asBoolean()).isFalse();
    awaitFinal(alice, nest, fresh.json().get("task_id").asString(), false);

    // Past the window the certificate is old: a plain request pays again — here the nest's
    // limit of two a day stops the third, even asked for in the body.
    Answer third =
        api().post("/nests/" + nest + "/analysis/registry/issue", alice, "{\"fresh\": true}");
    assertThat(third.status()).isEqualTo(429);
    assertThat(third.code()).isEqualTo("ISSUANCE_QUOTA_NEST");
    assertThat(third.header("Retry-After")).isNotNull();

    clock.advance(Duration.ofDays(2));
    Answer later = issue(alice, nest);
    assertThat(later.status()).isEqualTo(202);
    assertThat(later.json().get("recent_certificate").asBoolean()).isFalse();
  }
}
