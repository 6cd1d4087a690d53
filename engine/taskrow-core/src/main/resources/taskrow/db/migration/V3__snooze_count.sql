-- How many times a handler said "not yet, look again later" (TaskSnooze). A snooze consumes no
-- attempt, so attempt_count alone cannot tell a snoozing task from a fresh one.
alter table taskrow_task add column snooze_count integer not null default 0 check (snooze_count >= 0);
