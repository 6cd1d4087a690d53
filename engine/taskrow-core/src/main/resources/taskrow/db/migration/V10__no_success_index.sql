-- No index entry for a SUCCESS finish (ADR 0011). V9's taskrow_task_finished_idx was written once
-- per finished task, and the quiet-machine drain still lost 13 % to it on two of four drains. Task
-- ids are UUIDv7 from now on (the engine's clock in the first 48 bits) and a task's created_at is
-- its id's millisecond, so the primary key is in created order: SUCCESS rows of a time window are
-- a range of the primary key, which every insert writes anyway. FAILED rows keep their indexes
-- (failures are few): taskrow_task_failed_window_idx (created_at, id) include (kind, queue,
-- error_code) and taskrow_task_failed_code_idx, both from V8/V9.
--
-- On a table that already holds millions of rows, build taskrow_task_success_v4_idx beforehand with
-- CREATE INDEX CONCURRENTLY under this name (writes go on meanwhile); "if not exists" then skips it.

drop index if exists taskrow_task_finished_idx;

-- Rows kept from before V10 have random (v4) ids, in no time order: they are found through this
-- index, newest first by created_at, as before. Its predicate is false for a v7 id (the version is
-- the 15th character of the text form), so a SUCCESS finish of a v7 task writes no entry here;
-- only rows submitted with v4 ids (before V10, or by an older engine during a blue/green switch)
-- are in it, and it empties as retention prunes them.
create index if not exists taskrow_task_success_v4_idx on taskrow_task (created_at, id)
    include (queue, kind, finished_at)
    where status = 'SUCCESS' and substr(id::text, 15, 1) <> '7';

-- The smallest UUIDv7 of the millisecond a time falls in: "created at or after :at" is
-- "id >= taskrow_uuid7_floor(:at)" for every v7 row, a range of the primary key. Written as the
-- text form: 12 hex digits of milliseconds since the epoch, version 7, variant 10, zeros.
create or replace function taskrow_uuid7_floor(at timestamptz) returns uuid
    language sql stable parallel safe
    return cast(lpad(to_hex(floor(extract(epoch from at) * 1000)::bigint), 12, '0')
                || '70008000000000000000' as uuid);
