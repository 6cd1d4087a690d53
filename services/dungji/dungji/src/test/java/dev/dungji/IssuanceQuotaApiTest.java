package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.registry.IssuanceQuota;
import dev.platform.test.Answer;
import dev.taskrow.test.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The quotas on paid issuance through the API: per user and per nest per day (429), the operator's
 * daily budget (503), both with Retry-After and the next allowed time; a recent certificate
 * answered instead of paying again unless the tenant asks for a fresh one; and racing requests
 * never passing a limit. 둥지 runs on a settable clock; the quota tests each take a day of their own
 * (the counting rows are shared by every test of the JVM).
 */
@TestPropertySource(
    properties = {
      "dungji.quota.per-user-per-day=3",
      "dungji.quota.per-nest-per-day=2",
      "dungji.quota.daily-budget=5",
      "dungji.quota.reuse-window=24h"
    })
@Import(IssuanceQuotaApiTest.Clocks.class)
class IssuanceQuotaApiTest extends ApiTestBase {
  private static final AtomicLong DAYS = new AtomicLong(System.nanoTime() % 100_000);

  @TestConfiguration
  static class Clocks {
    /** Not a default candidate: the account system's tokens keep the real clock. */
    @Bean(name = DungjiAutoConfiguration.DUNGJI_CLOCK, defaultCandidate = false)
    SettableClock dungjiClock() {
      return new SettableClock(Instant.now());
    }
  }

  @Autowired
  @Qualifier(DungjiAutoConfiguration.DUNGJI_CLOCK)
  SettableClock clock;

  @Autowired IssuanceQuota quota;

  /** 10:00 in Seoul on a day no other test uses. */
  private Instant aDayOfItsOwn() {
    Instant day =
        Instant.parse("2300-01-01T01:00:00Z").plus(Duration.ofDays(DAYS.incrementAndGet()));
    clock.set(day);
    return day;
  }

  @Test
  void aUsersFourthIssuanceOfTheDayIs429NamingTomorrowAndTomorrowItPasses() {
    Instant today = aDayOfItsOwn();
    String alice = newUser();
    List<Long> nests = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      nests.add(createNest(alice, "집 " + i));
    }
    for (int i = 0; i < 3; i++) {
      assertThat(issue(alice, nests.get(i)).status()).isEqualTo(202);
    }

    Answer refused = issue(alice, nests.get(3));

    Instant midnightInSeoul = today.plus(Duration.ofHours(14)); // 10:00 KST → 00:00 KST
    assertThat(refused.status()).isEqualTo(429);
    assertThat(refused.code()).isEqualTo("ISSUANCE_QUOTA_USER");
    assertThat(refused.header("Retry-After")).isEqualTo(String.valueOf(14 * 3600));
    assertThat(refused.json().get("next_allowed_at").asString())
        .isEqualTo(midnightInSeoul.toString());
    assertThat(refused.json().get("limit").asInt()).isEqualTo(3);
    assertThat(refused.json().get("detail").asString()).startsWith("오늘 이 계정의").contains("00:00");
    assertThat(taskRows("nest:" + nests.get(3))).isZero();

    clock.set(midnightInSeoul);
    assertThat(issue(alice, nests.get(3)).status()).isEqualTo(202);
  }

  @Test
  void pastTheDailyBudgetIssuanceStopsWith503AndRetryAfter() {
    aDayOfItsOwn();
    String alice = newUser();
    String bob = newUser();
    for (int i = 0; i < 3; i++) {
      assertThat(issue(alice, createNest(alice, "a" + i)).status()).isEqualTo(202);
    }
    for (int i = 0; i < 2; i++) {
      assertThat(issue(bob, createNest(bob, "b" + i)).status()).isEqualTo(202);
    }

    Answer refused = issue(bob, createNest(bob, "b2"));

    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.code()).isEqualTo("ISSUANCE_BUDGET_EXHAUSTED");
    assertThat(refused.header("Retry-After")).isEqualTo(String.valueOf(14 * 3600));
    assertThat(refused.json().get("next_allowed_at").asString()).isNotBlank();
    assertThat(quota.usedToday("all")).isEqualTo(5);
    assertThat(quota.usedToday("user:" + userId(bob))).isEqualTo(2);
  }

  @Test
  void racingRequestsOfOneUserNeverPassTheLimit() throws Exception {
    aDayOfItsOwn();
    String alice = newUser();
    List<Long> nests = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      nests.add(createNest(alice, "경쟁 " + i));
    }
    CountDownLatch start = new CountDownLatch(1);
    List<Callable<Answer>> requests = new ArrayList<>();
    for (long nest : nests) {
      requests.add(
          () -> {
            start.await();
            return issue(alice, nest);
          });
      // Several requests for the same nest as well: one task, one count.
      requests.add(
          () -> {
            start.await();
            return api()
                .post("/nests/" + nest + "/analysis/registry/issue?fresh=true", alice, null);
          });
    }
    List<Answer> answers = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(24)) {
      List<Future<Answer>> futures = new ArrayList<>();
      for (Callable<Answer> request : requests) {
        futures.add(pool.submit(request));
      }
      start.countDown();
      for (Future<Answer> f : futures) {
        answers.add(f.get());
      }
    }

    long created = answers.stream().filter(a -> a.status() == 202).count();
    assertThat(answers).allSatisfy(a -> assertThat(a.status()).isIn(200, 202, 429));
    assertThat(created).isEqualTo(3);
    assertThat(answers.stream().filter(a -> a.status() == 429).count()).isPositive();
    assertThat(taskRows("nest:%")).isGreaterThanOrEqualTo(3);
    long rows = nests.stream().mapToLong(n -> taskRows("nest:" + n)).sum();
    assertThat(rows).isEqualTo(3);
    assertThat(quota.usedToday("user:" + userId(alice))).isEqualTo(3);
  }

  private long userId(String token) {
    JsonNode me = api().get("/me", token).json();
    return me.get("id").asLong();
  }
}
