-- Concurrency limits per key (TaskKind.concurrencyLimit): the key a task counts against ("mart:7",
-- "issuer"), computed from the kind's key template when the task is submitted, so the claim never
-- parses the payload. Null for kinds without a limit: the indexes below then hold none of their rows
-- and the ordinary claim does not change.
alter table taskrow_task add column concurrency_key text;

-- The keys with active rows (a loose index scan walks the distinct keys of a kind) and the next
-- claimable row of one key, in claim order.
create index taskrow_task_concurrency_idx on taskrow_task (kind, concurrency_key, priority desc, due_at)
    where status in ('PENDING', 'PROCESSING') and concurrency_key is not null;

-- The rows that hold a key's slot: PROCESSING with a lease, expired or not. As small as the number
-- of limited tasks in flight, so counting a key's slots never walks its backlog.
create index taskrow_task_concurrency_held_idx on taskrow_task (kind, concurrency_key)
    where status = 'PROCESSING' and locked_until is not null and concurrency_key is not null;
