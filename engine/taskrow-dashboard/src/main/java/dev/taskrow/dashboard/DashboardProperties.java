package dev.taskrow.dashboard;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.time.ZoneId;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code taskrow.dashboard.*} properties, validated at start-up: a path without its leading
 * slash or a role with a space stops the application with the property named.
 */
@ConfigurationProperties("taskrow.dashboard")
@Validated
public class DashboardProperties {
  /**
   * Off unless asked for: adding the dependency alone must not put an operator's console on a
   * server.
   */
  private boolean enabled = false;

  /** Where the pages are mounted: a path with a leading slash and no trailing one. */
  @NotNull
  @Pattern(regexp = "(/[A-Za-z0-9._~-]+)+", message = "must look like /ops/taskrow")
  private String path = "/ops/taskrow";

  /**
   * The role that may act (cancel, re-run, bulk actions, pause, resume), as Spring Security's
   * {@code hasRole} names it: {@code ADMIN} is the authority {@code ROLE_ADMIN}.
   */
  @NotNull
  @Pattern(regexp = "[A-Za-z0-9_]{1,100}", message = "must be a role name such as ADMIN")
  private String adminRole = "ADMIN";

  /** The role that may only look: it sees no action button and a POST answers 403. */
  @NotNull
  @Pattern(regexp = "[A-Za-z0-9_]{1,100}", message = "must be a role name such as TASKROW_VIEWER")
  private String viewerRole = "TASKROW_VIEWER";

  /** How often the overview reloads its counts and workers. */
  @NotNull
  @DurationMin(seconds = 1)
  @DurationMax(minutes = 10)
  private Duration refresh = Duration.ofSeconds(5);

  /** The time zone the pages show times in and read the time-range filters in. */
  @NotNull private ZoneId timeZone = ZoneId.of("Asia/Seoul");

  public ZoneId getTimeZone() {
    return timeZone;
  }

  public void setTimeZone(ZoneId timeZone) {
    this.timeZone = timeZone;
  }

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public String getPath() {
    return path;
  }

  public void setPath(String path) {
    this.path = path;
  }

  public String getAdminRole() {
    return adminRole;
  }

  public void setAdminRole(String adminRole) {
    this.adminRole = adminRole;
  }

  public String getViewerRole() {
    return viewerRole;
  }

  public void setViewerRole(String viewerRole) {
    this.viewerRole = viewerRole;
  }

  public Duration getRefresh() {
    return refresh;
  }

  public void setRefresh(Duration refresh) {
    this.refresh = refresh;
  }
}
