package dev.taskrow.dashboard;

/**
 * Who is looking, as the application's security said.
 *
 * @param name the principal's name, written as the actor of every action they take
 * @param canAct they have the admin role: the pages show action buttons and accept their POSTs
 */
public record DashboardUser(String name, boolean canAct) {
  static final String ATTRIBUTE = "dev.taskrow.dashboard.DashboardUser";
}
