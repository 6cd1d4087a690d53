package dev.tools.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.taskrow.core.InProcessSignals;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's verdict is only as good as its audit and its restart: both are checked here against
 * the real server the suite uses, with rows planted to look like each kind of failure.
 */
class ScenarioDatabaseAuditTest {
  @TempDir static Path dataDir;
  static PostgresServer postgres;

  @BeforeAll
  static void start() throws Exception {
    postgres = PostgresServer.start(dataDir.resolve("pg"));
  }

  @AfterAll
  static void stop() {
    postgres.close();
  }

  @Test
  void auditCountsEachKindOfFailure() throws Exception {
    try (ScenarioDatabase db =
        new ScenarioDatabase(postgres.createDatabase("audit"), ds -> new InProcessSignals())) {
      List<UUID> ids = db.submit(6);
      finish(db, ids.get(0), "SUCCESS", 1); // fine
      finish(db, ids.get(1), "SUCCESS", 2); // duplicated effect
      finish(db, ids.get(2), "SUCCESS", 0); // success without its effect: lost
      finish(db, ids.get(3), "FAILED", 0); // failed: lost
      finish(db, ids.get(4), "FAILED", 1); // an effect of a task that did not succeed
      // ids.get(5) stays PENDING: stuck
      UUID neverSubmitted = UUID.randomUUID();

      ScenarioDatabase.Audit audit =
          db.audit(
              List.of(
                  ids.get(0),
                  ids.get(1),
                  ids.get(2),
                  ids.get(3),
                  ids.get(4),
                  ids.get(5),
                  neverSubmitted));

      assertThat(audit.tasks()).isEqualTo(7);
      assertThat(audit.lost()).as("no effect, two failed, missing").isEqualTo(4);
      assertThat(audit.duplicated()).as("two effects, effect of a failure").isEqualTo(2);
      assertThat(audit.stuck()).isEqualTo(1);
    }
  }

  @Test
  void aCleanRunPassesTheAudit() throws Exception {
    try (ScenarioDatabase db =
        new ScenarioDatabase(postgres.createDatabase("clean"), ds -> new InProcessSignals())) {
      List<UUID> ids = db.submit(2500);
      for (UUID id : ids) {
        finish(db, id, "SUCCESS", 1);
      }
      ScenarioDatabase.Audit audit = db.audit(ids);
      assertThat(audit).isEqualTo(new ScenarioDatabase.Audit(2500, 0, 0, 0, 0));
    }
  }

  @Test
  void restartKeepsTheDataAndThePortSoClientsReconnect() throws Exception {
    try (ScenarioDatabase db =
        new ScenarioDatabase(postgres.createDatabase("restart"), ds -> new InProcessSignals())) {
      db.submit(10);
      postgres.restart();
      // The pool's old connections are dead; Hikari replaces them on the same URL.
      assertThat(
              Await.until(
                  java.time.Duration.ofSeconds(30),
                  java.time.Duration.ofMillis(50),
                  () -> db.activeCount() == 10))
          .isTrue();
    }
  }

  private static void finish(ScenarioDatabase db, UUID id, String status, int effects)
      throws Exception {
    try (Connection c = db.dataSource().getConnection()) {
      try (PreparedStatement s =
          c.prepareStatement(
              """
              update taskrow_task set status = ?, finished_at = now(), due_at = null,
                     error_code = case when ? = 'FAILED' then 'PLANTED' end
              where id = ?
              """)) {
        s.setString(1, status);
        s.setString(2, status);
        s.setObject(3, id);
        s.executeUpdate();
      }
      for (int i = 0; i < effects; i++) {
        try (PreparedStatement s = c.prepareStatement(FaultTask.INSERT_EFFECT)) {
          s.setObject(1, id);
          s.setString(2, "test");
          s.executeUpdate();
        }
      }
    }
  }
}
