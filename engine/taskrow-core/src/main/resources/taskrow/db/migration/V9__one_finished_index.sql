-- One index over the finished rows instead of V8's three (ADR 0007). The update that finishes a
-- task wrote an entry into each of them: with the primary key, four index entries per finished
-- task where V7 wrote one, and the drain lost 8-15 % to it. This index is written once per task;
-- searches by queue, kind or neither and the counts since a time read it one (queue, kind) pair at
-- a time: a loose index scan finds the pairs (a few dozen probes), each pair is a range in
-- (created_at, id) order, and the pages are merged. Status and finished_at are included, so counts
-- and the dashboard's per-minute chart read the index alone.
--
-- On a table that already holds millions of rows, build it beforehand with CREATE INDEX
-- CONCURRENTLY under this name (writes go on meanwhile); "if not exists" then skips it here.
create index if not exists taskrow_task_finished_idx on taskrow_task (queue, kind, created_at, id)
    include (status, finished_at)
    where status in ('SUCCESS', 'FAILED');

drop index if exists taskrow_task_finished_created_idx;
drop index if exists taskrow_task_finished_kind_idx;
drop index if exists taskrow_task_finished_queue_idx;

-- Failures are few and final, so an index over them costs the drain nothing. This one replaces
-- V8's (created_at, id) over FAILED rows with the same key plus what the failure groups read, so
-- "failures since T grouped by kind, queue and code" is a range of this index alone, as long as
-- the window, not a scan of every failure ever kept.
create index if not exists taskrow_task_failed_window_idx on taskrow_task (created_at, id)
    include (kind, queue, error_code)
    where status = 'FAILED';

drop index if exists taskrow_task_failed_created_idx;
