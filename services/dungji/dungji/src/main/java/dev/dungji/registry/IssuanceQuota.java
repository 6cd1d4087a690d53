package dev.dungji.registry;

import dev.dungji.DungjiException;
import dev.dungji.DungjiProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The quotas on paid issuance (dungji.quota.*): per user and per nest per day, and the operator's
 * daily budget across all users. Each is a counting row in PostgreSQL incremented atomically in the
 * transaction that creates the issuance task — a refusal rolls the task and the counts back — so
 * racing requests on any number of instances never pass a limit.
 */
public class IssuanceQuota {
  public static final String USER_QUOTA = "ISSUANCE_QUOTA_USER";
  public static final String NEST_QUOTA = "ISSUANCE_QUOTA_NEST";
  public static final String BUDGET = "ISSUANCE_BUDGET_EXHAUSTED";
  private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

  /*
   * One statement per scope: the row lock taken by ON CONFLICT DO UPDATE makes the check and the
   * increment one step; the WHERE sees the latest committed count. No row back: the limit is reached.
   * Scopes are taken in one order (user, nest, all), so two requests never wait on each other in a
   * cycle.
   */
  private static final String TAKE_ONE =
      """
      INSERT INTO dungji_issuance_count (scope, day, used) VALUES (:scope, :day, 1)
      ON CONFLICT (scope, day) DO UPDATE SET used = dungji_issuance_count.used + 1
        WHERE dungji_issuance_count.used < :limit
      RETURNING used
      """;

  private final JdbcClient jdbc;
  private final DungjiProperties.Quota quota;
  private final Clock clock;

  public IssuanceQuota(JdbcClient jdbc, DungjiProperties.Quota quota, Clock clock) {
    this.jdbc = jdbc;
    this.quota = quota;
    this.clock = clock;
  }

  /**
   * Counts one new issuance for the user and the nest, in the caller's transaction.
   *
   * @throws DungjiException 429 {@link #USER_QUOTA} / {@link #NEST_QUOTA}, 503 {@link #BUDGET},
   *     each with Retry-After and {@code next_allowed_at} (the next day's start)
   */
  public void take(long userId, long nestId) {
    LocalDate day = today();
    if (!takeOne("user:" + userId, day, quota.perUserPerDay())) {
      throw refusal(
          HttpStatus.TOO_MANY_REQUESTS,
          USER_QUOTA,
          quota.perUserPerDay(),
          "오늘 이 계정의 등기부등본 발급 한도(%d건)를 모두 사용했습니다. %s부터 다시 발급할 수 있습니다."
              + " / Daily issuance limit of %d per user reached; next issuance from %s.");
    }
    if (!takeOne("nest:" + nestId, day, quota.perNestPerDay())) {
      throw refusal(
          HttpStatus.TOO_MANY_REQUESTS,
          NEST_QUOTA,
          quota.perNestPerDay(),
          "오늘 이 집의 등기부등본 발급 한도(%d건)를 모두 사용했습니다. 오늘 발급한 증명서를 이용하시거나 %s부터 다시"
              + " 발급하세요. / Daily issuance limit of %d per nest reached; next issuance from %s.");
    }
    if (!takeOne("all", day, quota.dailyBudget())) {
      throw refusal(
          HttpStatus.SERVICE_UNAVAILABLE,
          BUDGET,
          quota.dailyBudget(),
          "오늘의 등기부등본 발급이 마감되었습니다(서비스 전체 %d건). %s부터 다시 발급할 수 있습니다."
              + " / Today's issuance budget of %d is used up; issuance resumes at %s.");
    }
  }

  /** How many were counted in a scope today ('all', 'user:7', 'nest:42'). */
  public int usedToday(String scope) {
    return jdbc.sql("SELECT used FROM dungji_issuance_count WHERE scope = :scope AND day = :day")
        .param("scope", scope)
        .param("day", today())
        .query(Integer.class)
        .optional()
        .orElse(0);
  }

  /** When the next day starts, in the quota's zone. */
  public Instant nextDay() {
    return today().plusDays(1).atStartOfDay(quota.zone()).toInstant();
  }

  private LocalDate today() {
    return LocalDate.ofInstant(clock.instant(), quota.zone());
  }

  private boolean takeOne(String scope, LocalDate day, int limit) {
    return jdbc.sql(TAKE_ONE)
        .param("scope", scope)
        .param("day", day)
        .param("limit", limit)
        .query(Integer.class)
        .optional()
        .isPresent();
  }

  private DungjiException refusal(HttpStatus status, String code, int limit, String template) {
    Instant next = nextDay();
    String shown = SHOWN.format(next.atZone(quota.zone())) + " (" + quota.zone() + ")";
    DungjiException e =
        new DungjiException(
            status,
            code,
            template.formatted(limit, shown, limit, next),
            Duration.between(clock.instant(), next));
    e.getBody().setProperty("next_allowed_at", next.toString());
    e.getBody().setProperty("limit", limit);
    return e;
  }
}
