package dev.taskrow.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.RerunResult;
import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.TestDatabase;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.jdbc.core.JdbcTemplate;

class TaskAdminAutoConfigurationTest {

  @BeforeEach
  void emptyTables() {
    TestDatabase.truncate("taskrow_admin_audit");
  }

  @Test
  void theAdminApiIsABeanWhoseActionsCommitWithTheirAuditRow() {
    TestContexts.runner()
        .withConfiguration(AutoConfigurations.of(TaskAdminAutoConfiguration.class))
        .withPropertyValues("taskrow.worker.enabled=false")
        .withBean(TaskKind.class, () -> TaskKind.named("report").queue("reports").build())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              Taskrow taskrow = context.getBean(Taskrow.class);
              JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
              UUID failed = taskrow.submit(NewTask.of("report").subject("r:1"));
              jdbc.update(
                  "update taskrow_task set status = 'FAILED', error_code = 'X', finished_at = now(),"
                      + " due_at = null where id = ?",
                  failed);

              RerunResult rerun = context.getBean(TaskAdmin.class).rerun("account:1", failed);

              assertThat(taskrow.find(rerun.newTaskId()).orElseThrow().status())
                  .isEqualTo(TaskStatus.PENDING);
              assertThat(
                      jdbc.queryForObject(
                          "select actor from taskrow_admin_audit where id = ?",
                          String.class,
                          rerun.auditId()))
                  .isEqualTo("account:1");
            });
  }
}
