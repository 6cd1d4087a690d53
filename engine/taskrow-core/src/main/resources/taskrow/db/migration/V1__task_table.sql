-- One user request is one task row: queue entry, status, retry ledger and audit trail at once.
create table taskrow_task (
    id               uuid        primary key,
    kind             text        not null,
    queue            text        not null,
    -- What the task is about ("nest:42"); at most one active task per (kind, subject).
    subject          text,
    payload          jsonb       not null default '{}'::jsonb,
    status           text        not null default 'PENDING'
                                 check (status in ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED')),
    priority         integer     not null default 0,
    -- Set exactly when the task is FAILED.
    error_code       text,
    error_message    text,
    attempt_count    integer     not null default 0 check (attempt_count >= 0),
    max_attempts     integer     not null check (max_attempts >= 1),
    last_error_code  text,
    last_attempt_at  timestamptz,
    -- When an active row next needs a worker: the run time of a PENDING row, the retry time of a
    -- PROCESSING row waiting for its retry, the lease end of a running one. Null once final.
    due_at           timestamptz,
    next_retry_at    timestamptz,
    locked_by        text,
    locked_until     timestamptz,
    -- Incremented by every claim; every later write of the claimer matches (id, fence_token).
    fence_token      bigint      not null default 0,
    progress_done    bigint,
    progress_total   bigint,
    cancel_requested boolean     not null default false,
    result           jsonb,
    parent_id        uuid,
    -- The broker's id for the task where a broker transport is used (seed 000's celery_task_id).
    transport_ref    text,
    created_at       timestamptz not null default now(),
    started_at       timestamptz,
    finished_at      timestamptz,
    constraint taskrow_task_final_has_time check (status in ('PENDING', 'PROCESSING') or finished_at is not null),
    constraint taskrow_task_failed_has_code check (status <> 'FAILED' or error_code is not null),
    constraint taskrow_task_active_is_due check (status not in ('PENDING', 'PROCESSING') or due_at is not null)
);

-- The claim: per queue, highest priority first, then the longest due. Active rows only, so the
-- index stays as small as the backlog however many finished rows the table keeps.
create index taskrow_task_claim_idx on taskrow_task (queue, priority desc, due_at)
    where status in ('PENDING', 'PROCESSING');

-- One active task per (kind, subject): makes submit-or-reuse race-free under any concurrency.
create unique index taskrow_task_active_subject_uq on taskrow_task (kind, subject)
    where status in ('PENDING', 'PROCESSING') and subject is not null;

-- Status pages: the tasks of one subject, newest first.
create index taskrow_task_subject_idx on taskrow_task (subject, created_at desc)
    where subject is not null;

-- Chained tasks of a parent.
create index taskrow_task_parent_idx on taskrow_task (parent_id) where parent_id is not null;

-- Every row is updated a few times and then kept: vacuum the task table early so dead tuples do
-- not pile up under a high claim rate.
alter table taskrow_task set (
    autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_vacuum_insert_scale_factor = 0.05,
    autovacuum_analyze_scale_factor = 0.02
);
