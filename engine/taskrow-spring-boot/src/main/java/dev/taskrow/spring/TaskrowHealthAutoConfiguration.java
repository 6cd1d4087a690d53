package dev.taskrow.spring;

import dev.taskrow.core.Taskrow;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/** The {@code taskrow} health indicator, when Spring Boot's health support is present. */
@AutoConfiguration(after = TaskrowAutoConfiguration.class)
@ConditionalOnClass({HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class})
@ConditionalOnBean(Taskrow.class)
@ConditionalOnEnabledHealthIndicator("taskrow")
public class TaskrowHealthAutoConfiguration {

  /** Named so that the contributor is called "taskrow". */
  @Bean
  @ConditionalOnMissingBean(name = "taskrowHealthIndicator")
  TaskrowHealthIndicator taskrowHealthIndicator(
      Taskrow taskrow, DataSource dataSource, ObjectProvider<TaskrowWorkerLifecycle> worker) {
    return new TaskrowHealthIndicator(taskrow, dataSource, worker.getIfAvailable());
  }
}
