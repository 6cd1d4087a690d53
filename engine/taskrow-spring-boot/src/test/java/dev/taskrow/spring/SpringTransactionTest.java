package dev.taskrow.spring;

import static dev.taskrow.test.TaskAwait.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** A handler's JdbcTemplate and the tasks it chains share the task's transaction. */
class SpringTransactionTest {
  private static final JdbcTemplate jdbc = new JdbcTemplate(TestDatabase.dataSource());

  @BeforeAll
  static void createBusinessTable() {
    jdbc.execute("create table if not exists business_row (task_id uuid not null)");
  }

  @BeforeEach
  void emptyTables() {
    TestDatabase.truncate("business_row");
  }

  @Test
  void aFailedHandlerLeavesNoBusinessRow() {
    TestContexts.runner()
        .withUserConfiguration(BusinessHandlers.class)
        .run(
            context -> {
              Taskrow taskrow = context.getBean(Taskrow.class);
              UUID id =
                  context
                      .getBean(TaskrowTemplate.class)
                      .submit(NewTask.of("write").payload("{\"fail\": true}"));
              awaitStatus(TestDatabase.dataSource(), id, TaskStatus.FAILED);
              assertThat(taskrow.find(id).orElseThrow().errorCode()).isEqualTo("BOOM");
              assertThat(businessRows(id)).isZero();
            });
  }

  @Test
  void aSucceededHandlerLeavesExactlyOneBusinessRow() {
    TestContexts.runner()
        .withUserConfiguration(BusinessHandlers.class)
        .run(
            context -> {
              UUID id = context.getBean(TaskrowTemplate.class).submit(NewTask.of("write"));
              awaitStatus(TestDatabase.dataSource(), id, TaskStatus.SUCCESS);
              assertThat(businessRows(id)).isOne();
            });
  }

  /**
   * With commit batches the handlers' JdbcTemplate writes join the batch's Spring transaction: a
   * failing task's row goes with its savepoint, its batch-mates' rows commit. A batch of one still
   * runs after a savepoint, so this holds however the tasks fall into batches.
   */
  @Test
  void inACommitBatchAFailedHandlersRowGoesAndTheOthersStay() {
    TestContexts.runner()
        .withUserConfiguration(BusinessHandlers.class)
        .withPropertyValues("taskrow.kinds.write.commit-batch=8")
        .run(
            context -> {
              assertThat(context.getBean(Taskrow.class).kind("write").commitBatch()).isEqualTo(8);
              TaskrowTemplate template = context.getBean(TaskrowTemplate.class);
              List<UUID> failing = new ArrayList<>();
              List<UUID> passing = new ArrayList<>();
              for (int i = 0; i < 24; i++) {
                if (i % 3 == 1) {
                  failing.add(template.submit(NewTask.of("write").payload("{\"fail\": true}")));
                } else {
                  passing.add(template.submit(NewTask.of("write")));
                }
              }
              for (UUID id : passing) {
                awaitStatus(TestDatabase.dataSource(), id, TaskStatus.SUCCESS);
                assertThat(businessRows(id)).isOne();
              }
              for (UUID id : failing) {
                awaitStatus(TestDatabase.dataSource(), id, TaskStatus.FAILED);
                assertThat(businessRows(id)).isZero();
              }
            });
  }

  @Test
  void aChainedTaskRollsBackWithItsParent() {
    TestContexts.runner()
        .withUserConfiguration(BusinessHandlers.class)
        .run(
            context -> {
              Taskrow taskrow = context.getBean(Taskrow.class);
              TaskrowTemplate template = context.getBean(TaskrowTemplate.class);
              UUID failed = template.submit(NewTask.of("chain").payload("{\"fail\": true}"));
              UUID succeeded = template.submit(NewTask.of("chain"));
              awaitStatus(TestDatabase.dataSource(), failed, TaskStatus.FAILED);
              awaitStatus(TestDatabase.dataSource(), succeeded, TaskStatus.SUCCESS);
              assertThat(children(failed)).isZero();
              assertThat(children(succeeded)).isOne();
            });
  }

  @Test
  void submitJoinsTheCallersTransaction() {
    TestContexts.runner()
        .withUserConfiguration(BusinessHandlers.class)
        .withPropertyValues("taskrow.worker.enabled=false")
        .run(
            context -> {
              TaskrowTemplate template = context.getBean(TaskrowTemplate.class);
              TransactionTemplate transaction =
                  new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
              UUID rolledBack =
                  transaction.execute(
                      status -> {
                        UUID id = template.submit(NewTask.of("write"));
                        status.setRollbackOnly();
                        return id;
                      });
              UUID committed = transaction.execute(status -> template.submit(NewTask.of("write")));
              Taskrow taskrow = context.getBean(Taskrow.class);
              assertThat(taskrow.find(rolledBack)).isEmpty();
              assertThat(taskrow.find(committed)).isPresent();
            });
  }

  @Test
  void springTxNeedsAnActiveTransaction() {
    TestContexts.runner()
        .run(
            context ->
                assertThatThrownBy(() -> SpringTx.current(context.getBean(DataSource.class)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("no Spring transaction is active"));
  }

  private static int businessRows(UUID taskId) {
    return jdbc.queryForObject(
        "select count(*) from business_row where task_id = ?", Integer.class, taskId);
  }

  private static int children(UUID parentId) {
    return jdbc.queryForObject(
        "select count(*) from taskrow_task where parent_id = ?", Integer.class, parentId);
  }

  @Configuration(proxyBeanMethods = false)
  static class BusinessHandlers {
    @Bean
    TaskDefinition write(JdbcTemplate jdbc) {
      return TaskDefinition.of(
          TaskKind.named("write").maxAttempts(1).build(),
          context -> {
            jdbc.update("insert into business_row (task_id) values (?)", context.taskId());
            failIfAsked(context.payload());
          });
    }

    @Bean
    TaskDefinition chain() {
      return TaskDefinition.of(
          TaskKind.named("chain").maxAttempts(1).build(),
          context -> {
            context.submit(NewTask.of("child"));
            failIfAsked(context.payload());
          });
    }

    /** Submitted by "chain"; no handler here, so it stays PENDING where the test can count it. */
    @Bean
    TaskKind child() {
      return TaskKind.named("child").queue("children").build();
    }

    private static void failIfAsked(String payload) throws TaskFailure {
      if (payload.contains("fail")) {
        throw TaskFailure.fatal("BOOM", "failed after writing");
      }
    }
  }
}
