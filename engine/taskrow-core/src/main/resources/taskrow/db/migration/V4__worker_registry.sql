-- The worker registry: one row per running worker, written at its start, heartbeated with its
-- leases, marked draining on shutdown and deleted at its end. A row not heartbeated for three of
-- its intervals belongs to a worker that is gone (killed, cut off); gone rows are pruned after a day.
create table taskrow_worker (
    id                    text        primary key,
    host                  text        not null,
    pid                   bigint      not null,
    -- Queue name to concurrency, as the worker runs them: {"issuance": 4}.
    queues                jsonb       not null,
    started_at            timestamptz not null,
    last_heartbeat_at     timestamptz not null,
    heartbeat_interval_ms bigint      not null check (heartbeat_interval_ms > 0),
    -- Tasks it held a lease for at its last heartbeat: running, waiting for a slot, or recording.
    running               integer     not null check (running >= 0),
    draining              boolean     not null default false
);
