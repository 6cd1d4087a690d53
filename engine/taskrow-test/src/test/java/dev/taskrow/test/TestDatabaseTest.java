package dev.taskrow.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The database without the engine on the class path, as a module that does not use the engine gets
 * it. (With the engine, taskrow-core's TestKitTest covers it.)
 */
class TestDatabaseTest {

  @Test
  void withoutTheEngineTruncateEmptiesOnlyTheTablesNamed() throws Exception {
    DataSource db = TestDatabase.dataSource();
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute("create table if not exists kit_row (n int)");
      s.execute("insert into kit_row values (1)");

      TestDatabase.truncate("kit_row");

      // No engine here: truncating did not touch (or fail on) the engine's task table.
      assertThat(count(s, "select count(*) from kit_row")).isZero();
      // Sessions are in Seoul on purpose: mixing local and UTC time fails in tests.
      assertThat(count(s, "select extract(timezone_hour from now())::int")).isEqualTo(9);
    }
  }

  @Test
  void aNewPoolReachesTheSameDatabase() throws Exception {
    try (var pool = TestDatabase.newPool(1);
        Connection c = pool.getConnection();
        Statement s = c.createStatement()) {
      s.execute("create table if not exists kit_seen (n int)");
    }
    try (Connection c = TestDatabase.dataSource().getConnection();
        Statement s = c.createStatement()) {
      assertThat(count(s, "select count(*) from pg_tables where tablename = 'kit_seen'")).isOne();
    }
  }

  private static long count(Statement s, String sql) throws Exception {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
