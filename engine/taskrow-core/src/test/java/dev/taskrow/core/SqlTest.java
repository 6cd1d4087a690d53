package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.taskrow.test.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SqlTest {

  @Test
  void bindsNamedParametersAndLeavesCastsAndStringsAlone() throws Exception {
    Sql sql = Sql.of("select cast(:a as int) + :b::int, ':not_a_param', :a::text");
    try (Connection c = TestDatabase.dataSource().getConnection();
        PreparedStatement s = sql.prepare(c, null, Sql.params().with("a", 2).with("b", 3));
        ResultSet rs = s.executeQuery()) {
      rs.next();
      assertThat(rs.getInt(1)).isEqualTo(5);
      assertThat(rs.getString(2)).isEqualTo(":not_a_param");
      assertThat(rs.getString(3)).isEqualTo("2");
    }
  }

  @Test
  void nowIsTheDatabaseClockOrTheGivenOne() throws Exception {
    Sql sql = Sql.of("select :now");
    Instant fixed = Instant.parse("2030-01-02T03:04:05Z");
    try (Connection c = TestDatabase.dataSource().getConnection()) {
      try (PreparedStatement s =
              sql.prepare(c, java.time.Clock.fixed(fixed, java.time.ZoneOffset.UTC), Sql.params());
          ResultSet rs = s.executeQuery()) {
        rs.next();
        assertThat(rs.getTimestamp(1).toInstant()).isEqualTo(fixed);
      }
      try (PreparedStatement s = sql.prepare(c, null, Sql.params());
          ResultSet rs = s.executeQuery()) {
        rs.next();
        assertThat(rs.getTimestamp(1).toInstant())
            .isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(60));
      }
    }
  }
}
