package dev.dungji.notify;

/**
 * Tells a tenant that something happened (a watched register changed). Embedded default: the in-app
 * inbox; production adapter: e-mail over SMTP ({@code dungji.notifier.type=inbox|smtp}).
 *
 * <p>Called by a task that retries: an implementation that cannot deliver now throws {@link
 * NotifierUnavailableException} and is called again later with the same notice; one that can never
 * deliver it (no address, a recipient refused for good) throws {@link NoticeUndeliverableException}
 * and is not called again for it. A notice may be delivered again after a crash between delivery
 * and its record: {@link Notice#changeId()} lets an adapter or its reader see the repeat.
 */
public interface Notifier {
  void send(Notice notice) throws NotifierUnavailableException, NoticeUndeliverableException;
}
