package dev.taskrow.dashboard;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * Where the pages' language comes from: {@code accept-language} (the browser's first language:
   * English for English, Korean otherwise) or {@code application} (the application's {@code
   * LocaleResolver}, e.g. the language cookie of its own pages; Korean unless it says English).
   */
  @NotNull private LanguageFrom languageFrom = LanguageFrom.ACCEPT_LANGUAGE;

  /** The extra links of the navigation bar: an application's own operator pages, say. */
  @NotNull @Valid private List<Link> links = new ArrayList<>();

  /** The time zone the pages show times in and read the time-range filters in. */
  @NotNull private ZoneId timeZone = ZoneId.of("Asia/Seoul");

  /** Where the pages' language comes from. */
  public enum LanguageFrom {
    ACCEPT_LANGUAGE,
    APPLICATION
  }

  /**
   * A link of the navigation bar to a page outside the dashboard, labelled in both languages.
   *
   * @param href where it goes: a path of the application ({@code /ops/dungji/...}), not another
   *     site
   * @param labelKo the Korean label, shown unless the page is in English
   * @param labelEn the English label
   */
  public record Link(
      @NotNull @Pattern(regexp = "(/[A-Za-z0-9._~-]+)+", message = "must be a path like /ops/x")
          String href,
      @NotBlank @Size(max = 40) String labelKo,
      @NotBlank @Size(max = 40) String labelEn) {
    public String label(String language) {
      return "en".equals(language) ? labelEn : labelKo;
    }
  }

  public LanguageFrom getLanguageFrom() {
    return languageFrom;
  }

  public void setLanguageFrom(LanguageFrom languageFrom) {
    this.languageFrom = languageFrom;
  }

  public List<Link> getLinks() {
    return links;
  }

  public void setLinks(List<Link> links) {
    this.links = links;
  }

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
