-- Failure counts per hour (ADR 0017), so the failure groups of a week read a few thousand counts
-- instead of every failure in it (200,000 FAILED rows in a week of a 10 M-row table).
--
-- Every change of a FAILED row is counted by triggers, whichever statement makes it (a handler's
-- failure, a cancel, an expired lease, a stale PENDING row, a prune, a generated row): the counts
-- cannot drift from the rows. A trigger only appends a row to taskrow_failure_delta (+1 when a
-- row becomes FAILED, -1 when a FAILED row is deleted or changes group): no row of it is ever
-- updated, so failing statements never wait for each other or deadlock on a shared counter. A
-- compaction (the failure-group read, and each worker every prune interval) folds the deltas into
-- taskrow_failure_hour, one transaction at a time.
--
-- The hour is the hour (UTC) of the task's created_at, as the failure groups are "the FAILED tasks
-- created since": a window is its whole hours from these counts plus its first, partial hour
-- counted from taskrow_task_failed_window_idx.
create table taskrow_failure_delta (
    hour       timestamptz not null,
    kind       text        not null,
    queue      text        not null,
    error_code text        not null, -- '' for a FAILED row without one
    tasks      integer     not null
);

create table taskrow_failure_hour (
    hour       timestamptz not null,
    kind       text        not null,
    queue      text        not null,
    error_code text        not null,
    tasks      bigint      not null,
    primary key (hour, kind, queue, error_code)
);

create function taskrow_count_failure() returns trigger
language plpgsql as $$
begin
    if tg_op in ('UPDATE', 'DELETE') and old.status = 'FAILED' then
        insert into taskrow_failure_delta (hour, kind, queue, error_code, tasks)
        values (date_trunc('hour', old.created_at, 'UTC'), old.kind, old.queue,
                coalesce(old.error_code, ''), -1);
    end if;
    if tg_op in ('INSERT', 'UPDATE') and new.status = 'FAILED' then
        insert into taskrow_failure_delta (hour, kind, queue, error_code, tasks)
        values (date_trunc('hour', new.created_at, 'UTC'), new.kind, new.queue,
                coalesce(new.error_code, ''), 1);
    end if;
    return null;
end
$$;

create function taskrow_forget_failures() returns trigger
language plpgsql as $$
begin
    delete from taskrow_failure_delta;
    delete from taskrow_failure_hour;
    return null;
end
$$;

-- The WHEN conditions are tested on each row before any call: a claim, heartbeat or success does
-- not run the function.
create trigger taskrow_task_failure_insert after insert on taskrow_task
    for each row when (new.status = 'FAILED')
    execute function taskrow_count_failure();

create trigger taskrow_task_failure_update after update on taskrow_task
    for each row when ((old.status = 'FAILED' or new.status = 'FAILED')
                       and (old.status, old.kind, old.queue, old.error_code, old.created_at)
                           is distinct from
                           (new.status, new.kind, new.queue, new.error_code, new.created_at))
    execute function taskrow_count_failure();

create trigger taskrow_task_failure_delete after delete on taskrow_task
    for each row when (old.status = 'FAILED')
    execute function taskrow_count_failure();

create trigger taskrow_task_failure_truncate after truncate on taskrow_task
    for each statement
    execute function taskrow_forget_failures();

-- The failures already kept. Creating the triggers above locked out writers of taskrow_task until
-- this migration commits, so no failure is counted twice or missed.
insert into taskrow_failure_hour (hour, kind, queue, error_code, tasks)
select date_trunc('hour', created_at, 'UTC'), kind, queue, coalesce(error_code, ''), count(*)
from taskrow_task
where status = 'FAILED'
group by 1, 2, 3, 4;
