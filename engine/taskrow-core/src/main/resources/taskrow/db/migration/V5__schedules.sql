-- One row per recurring kind: how far its schedule has been enqueued. A slot at or before
-- enqueued_through was enqueued (or skipped by the misfire policy) and is never enqueued again,
-- even after its task finished or was pruned. Every instance's scheduler moves it forward under a
-- row lock taken with SKIP LOCKED, in the transaction that inserts the slots' tasks: no leader,
-- and exactly one task per slot.
create table taskrow_schedule (
    kind              text        primary key,
    -- Slots up to here are done. A new row starts at the time it was created: a schedule
    -- begins with its next slot, not with the ones before it was first seen.
    enqueued_through  timestamptz not null,
    -- The latest slot enqueued, or null before the first.
    last_slot         timestamptz,
    updated_at        timestamptz not null
);
