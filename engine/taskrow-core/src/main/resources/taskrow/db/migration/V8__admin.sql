-- The admin API (TaskAdmin): searching the kept rows, re-running failed tasks, and the audit of
-- every operator action.
--
-- On a table that already holds millions of rows, build the indexes below beforehand with
-- CREATE INDEX CONCURRENTLY under the same names (writes go on meanwhile); "if not exists" then
-- makes this migration skip them instead of blocking writes while it builds them.

-- A re-run is a new row for the same subject; it names the FAILED row it re-runs, which stays
-- final. Distinct from parent_id, which links a follow-up to the task that chained it (an OCR task
-- to its issuance): a re-run of that OCR task keeps the issuance as its parent.
alter table taskrow_task add column if not exists rerun_of uuid;

create index if not exists taskrow_task_rerun_idx on taskrow_task (rerun_of)
    where rerun_of is not null;

-- Search, newest first, keyset-paginated by (created_at, id). Finished rows only: an index entry
-- is written once, by the update that finishes the task, instead of by every update of its life
-- (a claim, a retry and a heartbeat each write a new version into every index of the table). The
-- active rows are the backlog, found through the claim index and sorted in memory.
create index if not exists taskrow_task_finished_created_idx on taskrow_task (created_at, id)
    where status in ('SUCCESS', 'FAILED');

create index if not exists taskrow_task_finished_kind_idx on taskrow_task (kind, created_at, id)
    where status in ('SUCCESS', 'FAILED');

-- Includes the status, so counts of a queue's finished rows since some time read the index alone.
create index if not exists taskrow_task_finished_queue_idx on taskrow_task (queue, created_at, id)
    include (status)
    where status in ('SUCCESS', 'FAILED');

-- Failures are few and final: these two cost little. By error code (with the kind and queue for
-- the failure groups and per-queue counts), and all failures newest first.
create index if not exists taskrow_task_failed_code_idx on taskrow_task (error_code, created_at, id)
    include (kind, queue)
    where status = 'FAILED';

create index if not exists taskrow_task_failed_created_idx on taskrow_task (created_at, id)
    where status = 'FAILED';

-- Every admin action, written in the transaction of the action itself: who did what, to which
-- task, queue or filter, and how many rows it changed.
create table if not exists taskrow_admin_audit (
    id        bigint      generated always as identity primary key,
    at        timestamptz not null,
    -- Who, as the caller names them ("account:17").
    actor     text        not null,
    action    text        not null
              check (action in ('CANCEL', 'RERUN', 'BULK_CANCEL', 'BULK_RERUN', 'PAUSE', 'RESUME')),
    -- The tasks the action changed (bulk: every one of them, at most a bulk action's limit).
    task_ids  uuid[]      not null default '{}',
    queue     text,
    -- A bulk action's filter, as JSON.
    filter    jsonb,
    affected  integer     not null check (affected >= 0),
    detail    text
);

create index if not exists taskrow_admin_audit_at_idx on taskrow_admin_audit (at desc, id desc);

-- "What was done to this task": task_ids @> array[id].
create index if not exists taskrow_admin_audit_task_idx on taskrow_admin_audit using gin (task_ids);
