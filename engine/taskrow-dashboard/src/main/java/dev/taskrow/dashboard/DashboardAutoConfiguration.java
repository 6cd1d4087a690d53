package dev.taskrow.dashboard;

import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.TaskOverview;
import dev.taskrow.core.Taskrow;
import dev.taskrow.spring.TaskAdminAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The dashboard's pages at {@code taskrow.dashboard.path}, when {@code taskrow.dashboard.enabled}
 * is true and the application has the engine's {@link TaskAdmin} (and its {@link Taskrow}, for the
 * recurring kinds' schedules). The application keeps its own security; the dashboard asks it only
 * who the user is and which roles they have ({@link DashboardAccess}).
 */
@AutoConfiguration(after = TaskAdminAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnBooleanProperty(name = "taskrow.dashboard.enabled")
@ConditionalOnBean({TaskAdmin.class, Taskrow.class})
@EnableConfigurationProperties(DashboardProperties.class)
@Import({
  OverviewController.class,
  TasksController.class,
  TaskDetailController.class,
  FailuresController.class,
  BulkController.class,
  QueuesController.class,
  DashboardModel.class,
  DashboardErrors.class
})
public class DashboardAutoConfiguration {

  @Bean
  DashboardLabels taskrowDashboardLabels(DashboardProperties properties) {
    return new DashboardLabels(properties.getLanguageFrom());
  }

  @Bean
  TaskOverview taskrowDashboardOverview(javax.sql.DataSource dataSource) {
    return TaskOverview.of(dataSource);
  }

  @Bean
  DashboardAccess taskrowDashboardAccess(DashboardProperties properties, DashboardLabels labels) {
    return new DashboardAccess(properties, labels);
  }

  @Bean
  WebMvcConfigurer taskrowDashboardMvc(DashboardProperties properties, DashboardAccess access) {
    String path = properties.getPath();
    return new WebMvcConfigurer() {
      @Override
      public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(access).addPathPatterns(path, path + "/**");
      }

      @Override
      public void addResourceHandlers(ResourceHandlerRegistry registry) {
        // The committed CSS and JS, and htmx from its pinned webjar, under the dashboard's own
        // path: the application's static-resource settings and security rules for /webjars do
        // not matter, and the pages' Content-Security-Policy can stay 'self'.
        registry
            .addResourceHandler(path + "/assets/**")
            .addResourceLocations(
                "classpath:/taskrow/dashboard/static/",
                "classpath:/META-INF/resources/webjars/htmx.org/" + HTMX_VERSION + "/dist/");
      }
    };
  }

  /** The htmx webjar's version; the pom pins the same. */
  static final String HTMX_VERSION = "2.0.4";
}
