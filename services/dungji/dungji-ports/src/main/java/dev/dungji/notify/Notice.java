package dev.dungji.notify;

/**
 * What to tell whom.
 *
 * @param userId the account to tell
 * @param email the account's address (the SMTP adapter sends to it), or null when unknown
 * @param changeId the change event the notice is about: the same id on every retry
 * @param title one line, Korean first
 * @param body the text, Korean first, then English
 */
public record Notice(long userId, String email, long changeId, String title, String body) {}
