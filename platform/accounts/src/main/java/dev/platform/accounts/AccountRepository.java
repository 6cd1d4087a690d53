package dev.platform.accounts;

import java.sql.Array;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The accounts and failed-login tables. JdbcClient: named parameters only (never concatenated
 * input), SQL visible next to its use, no ORM for two small tables.
 */
class AccountRepository {
  private final JdbcClient jdbc;

  AccountRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  record Account(long id, String email, String passwordHash, Set<Role> roles) {}

  /** The new account's id, or empty when the email is taken. */
  Optional<Long> insert(String email, String passwordHash, Set<Role> roles) {
    return jdbc.sql(
            """
            insert into accounts_user (email, password_hash, roles)
            values (:email, :hash, :roles::text[])
            on conflict (email) do nothing
            returning id
            """)
        .param("email", email)
        .param("hash", passwordHash)
        .param("roles", roles.stream().map(Role::name).sorted().toArray(String[]::new))
        .query(Long.class)
        .optional();
  }

  Optional<Account> findByEmail(String email) {
    return jdbc.sql(
            "select id, email, password_hash, roles from accounts_user where email = :email")
        .param("email", email)
        .query((rs, n) -> account(rs))
        .optional();
  }

  Optional<Account> findById(long id) {
    return jdbc.sql("select id, email, password_hash, roles from accounts_user where id = :id")
        .param("id", id)
        .query((rs, n) -> account(rs))
        .optional();
  }

  void updatePasswordHash(long id, String hash) {
    jdbc.sql("update accounts_user set password_hash = :hash where id = :id")
        .param("hash", hash)
        .param("id", id)
        .update();
  }

  private static Account account(java.sql.ResultSet rs) throws SQLException {
    Array array = rs.getArray("roles");
    EnumSet<Role> roles = EnumSet.noneOf(Role.class);
    Arrays.stream((String[]) array.getArray()).map(Role::valueOf).forEach(roles::add);
    return new Account(
        rs.getLong("id"), rs.getString("email"), rs.getString("password_hash"), roles);
  }

  /** Failures within the window, and the oldest of them (for Retry-After). */
  record Failures(long count, Instant oldest) {}

  Failures failuresByEmail(String email, Instant since) {
    return jdbc.sql(
            """
            select count(*), min(failed_at) from accounts_login_failure
            where email = :email and failed_at > :since
            """)
        .param("email", email)
        .param("since", utc(since))
        .query((rs, n) -> failures(rs))
        .single();
  }

  Failures failuresByEmailFrom(String email, String address, Instant since) {
    return jdbc.sql(
            """
            select count(*), min(failed_at) from accounts_login_failure
            where email = :email and client_address = :address and failed_at > :since
            """)
        .param("email", email)
        .param("address", address)
        .param("since", utc(since))
        .query((rs, n) -> failures(rs))
        .single();
  }

  Failures failuresByAddress(String address, Instant since) {
    return jdbc.sql(
            """
            select count(*), min(failed_at) from accounts_login_failure
            where client_address = :address and failed_at > :since
            """)
        .param("address", address)
        .param("since", utc(since))
        .query((rs, n) -> failures(rs))
        .single();
  }

  /**
   * Records a login attempt as a failure before its password is checked, and returns its id: the
   * count that follows includes it, so parallel attempts cannot all pass the limit together.
   */
  long recordAttempt(String email, String address, Instant at, Instant forgetBefore) {
    jdbc.sql(
            """
            delete from accounts_login_failure
            where (email = :email or client_address = :address) and failed_at <= :before
            """)
        .param("email", email)
        .param("address", address)
        .param("before", utc(forgetBefore))
        .update();
    return jdbc.sql(
            """
            insert into accounts_login_failure (email, client_address, failed_at)
            values (:email, :address, :at)
            returning id
            """)
        .param("email", email)
        .param("address", address)
        .param("at", utc(at))
        .query(Long.class)
        .single();
  }

  /** An attempt refused before its password was checked is not a failure. */
  void forgetAttempt(long id) {
    jdbc.sql("delete from accounts_login_failure where id = :id").param("id", id).update();
  }

  /** A successful login forgets the account's failures (not the address's). */
  void clearFailures(String email) {
    jdbc.sql("delete from accounts_login_failure where email = :email")
        .param("email", email)
        .update();
  }

  private static Failures failures(java.sql.ResultSet rs) throws SQLException {
    OffsetDateTime oldest = rs.getObject(2, OffsetDateTime.class);
    return new Failures(rs.getLong(1), oldest == null ? null : oldest.toInstant());
  }

  private static OffsetDateTime utc(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC);
  }
}
