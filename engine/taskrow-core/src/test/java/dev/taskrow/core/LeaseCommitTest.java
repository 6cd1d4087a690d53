package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The claim's and the heartbeat's commits skip the WAL flush, and nothing else does: the setting is
 * local to their transaction, so the next statement on the same pooled connection — a submit, a
 * transactional SUCCESS — commits durably again. The test server runs with {@code
 * synchronous_commit = off}, so each connection here first sets it on for its session, as a durable
 * production server has it.
 */
class LeaseCommitTest extends EngineTest {
  private static final String[] KINDS = {"k"};
  private static final Long[] LEASES = {30_000L};

  @Test
  void theClaimAndTheHeartbeatCommitWithoutTheFlushOnlyInsideTheirOwnTransaction()
      throws Exception {
    Taskrow taskrow = engine(true);
    UUID id = taskrow.submit(NewTask.of("k"));
    try (Connection c = durableSession()) {
      c.setAutoCommit(false);
      List<TaskRepository.Claimed> claimed =
          taskrow.repository().claim(c, "default", KINDS, LEASES, "w", 1, null);
      assertThat(claimed).hasSize(1);
      assertThat(synchronousCommit(c)).as("inside the claim's transaction").isEqualTo("off");
      c.commit();
      assertThat(synchronousCommit(c)).as("the connection's next transaction").isEqualTo("on");
      c.commit();

      long token = claimed.getFirst().task().fenceToken();
      Map<UUID, Boolean> owned = heartbeat(taskrow, c, id, token);
      assertThat(owned).containsKey(id);
      assertThat(synchronousCommit(c)).as("inside the heartbeat's transaction").isEqualTo("off");
      c.commit();
      assertThat(synchronousCommit(c)).isEqualTo("on");

      assertThat(taskrow.repository().completeOne(c, id, token, null)).isTrue();
      assertThat(synchronousCommit(c)).as("the SUCCESS commits durably").isEqualTo("on");
      c.commit();
    }
  }

  @Test
  void anAutocommitClaimLeavesTheSessionDurable() throws Exception {
    Taskrow taskrow = engine(true);
    taskrow.submit(NewTask.of("k"));
    try (Connection c = durableSession()) {
      assertThat(taskrow.repository().claim(c, "default", KINDS, LEASES, "w", 1, null)).hasSize(1);
      assertThat(synchronousCommit(c)).isEqualTo("on");
    }
  }

  @Test
  void withTheLeverOffEveryClaimAndHeartbeatWaitsForTheFlush() throws Exception {
    Taskrow taskrow = engine(false);
    UUID id = taskrow.submit(NewTask.of("k"));
    try (Connection c = durableSession()) {
      c.setAutoCommit(false);
      List<TaskRepository.Claimed> claimed =
          taskrow.repository().claim(c, "default", KINDS, LEASES, "w", 1, null);
      assertThat(claimed).hasSize(1);
      assertThat(synchronousCommit(c)).isEqualTo("on");
      c.commit();
      heartbeat(taskrow, c, id, claimed.getFirst().task().fenceToken());
      assertThat(synchronousCommit(c)).isEqualTo("on");
      c.commit();
    }
  }

  @Test
  void aClaimWithinConcurrencyLimitsCommitsWithoutTheFlushToo() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("k").concurrencyLimit("issuer", 1).build())
            .build();
    taskrow.submit(NewTask.of("k"));
    try (Connection c = durableSession()) {
      c.setAutoCommit(false);
      LimitedClaimRepository limited = taskrow.limitedClaims();
      List<LimitedClaimRepository.LockedKey> keys =
          limited.lockKeys(c, "default", KINDS, new Integer[] {1}, 1);
      assertThat(keys).hasSize(1);
      List<TaskRepository.Claimed> claimed =
          limited.claim(c, "default", keys, new Integer[] {1}, LEASES, "w", 1);
      assertThat(claimed).hasSize(1);
      assertThat(synchronousCommit(c)).isEqualTo("off");
      c.commit();
      assertThat(synchronousCommit(c)).isEqualTo("on");
    }
  }

  private Taskrow engine(boolean asyncLeaseCommits) {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .kind(kind("k").build())
        .asyncLeaseCommits(asyncLeaseCommits)
        .build();
  }

  private static Map<UUID, Boolean> heartbeat(Taskrow taskrow, Connection c, UUID id, long token)
      throws SQLException {
    return taskrow
        .repository()
        .heartbeat(
            c, new Object[] {id}, new Object[] {token}, new Object[] {30_000L}, new Object[] {null})
        .owned();
  }

  private Connection durableSession() throws SQLException {
    Connection c = dataSource.getConnection();
    try (Statement s = c.createStatement()) {
      s.execute("set synchronous_commit = on");
    }
    return c;
  }

  private static String synchronousCommit(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("show synchronous_commit")) {
      rs.next();
      return rs.getString(1);
    }
  }
}
