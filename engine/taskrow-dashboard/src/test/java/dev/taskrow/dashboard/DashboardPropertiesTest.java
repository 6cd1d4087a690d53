package dev.taskrow.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;

/** A bad dashboard property stops start-up with its name; the dashboard is off unless enabled. */
class DashboardPropertiesTest {
  private final WebApplicationContextRunner runner =
      new WebApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ValidationAutoConfiguration.class))
          .withUserConfiguration(Props.class);

  @org.springframework.boot.context.properties.EnableConfigurationProperties(
      DashboardProperties.class)
  static class Props {}

  @Test
  void aPathWithoutItsLeadingSlashFailsNamingTheProperty() {
    runner
        .withPropertyValues("taskrow.dashboard.path=ops/taskrow")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("taskrow.dashboard.path"));
  }

  @Test
  void aRoleWithASpaceFailsNamingTheProperty() {
    runner
        .withPropertyValues("taskrow.dashboard.admin-role=ADMIN USER")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("taskrow.dashboard.admin-role"));
  }

  @Test
  void theDefaultsAreOffAtOpsTaskrowWithAdminAndViewerRoles() {
    runner.run(
        context -> {
          DashboardProperties p = context.getBean(DashboardProperties.class);
          assertThat(p.isEnabled()).isFalse();
          assertThat(p.getPath()).isEqualTo("/ops/taskrow");
          assertThat(p.getAdminRole()).isEqualTo("ADMIN");
          assertThat(p.getViewerRole()).isEqualTo("TASKROW_VIEWER");
          assertThat(p.getLanguageFrom())
              .isEqualTo(DashboardProperties.LanguageFrom.ACCEPT_LANGUAGE);
          assertThat(p.getLinks()).isEmpty();
        });
  }

  @Test
  void aLinkToAnotherSiteFailsNamingTheProperty() {
    runner
        .withPropertyValues(
            "taskrow.dashboard.links[0].href=https://elsewhere.example/ops",
            "taskrow.dashboard.links[0].label-ko=밖",
            "taskrow.dashboard.links[0].label-en=Out")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("taskrow.dashboard.links[0].href"));
  }

  @Test
  void theApplicationsLanguageAndALinkBindFromTheirNames() {
    runner
        .withPropertyValues(
            "taskrow.dashboard.language-from=application",
            "taskrow.dashboard.links[0].href=/ops/payments",
            "taskrow.dashboard.links[0].label-ko=결제 대조",
            "taskrow.dashboard.links[0].label-en=Payment records")
        .run(
            context -> {
              DashboardProperties p = context.getBean(DashboardProperties.class);
              assertThat(p.getLanguageFrom())
                  .isEqualTo(DashboardProperties.LanguageFrom.APPLICATION);
              assertThat(p.getLinks())
                  .containsExactly(
                      new DashboardProperties.Link("/ops/payments", "결제 대조", "Payment records"));
              assertThat(p.getLinks().getFirst().label("en")).isEqualTo("Payment records");
              assertThat(p.getLinks().getFirst().label("ko")).isEqualTo("결제 대조");
            });
  }
}
