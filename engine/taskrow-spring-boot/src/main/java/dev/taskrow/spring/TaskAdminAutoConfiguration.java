package dev.taskrow.spring;

import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.Taskrow;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The engine's admin API ({@link TaskAdmin}) as a bean, for whatever exposes it: the application's
 * REST controller, a dashboard. Its actions run in the engine's Spring transactions, so each action
 * and its audit row commit together.
 */
@AutoConfiguration(after = TaskrowAutoConfiguration.class)
@ConditionalOnBean(Taskrow.class)
public class TaskAdminAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  TaskAdmin taskAdmin(Taskrow taskrow) {
    return TaskAdmin.of(taskrow);
  }
}
