-- Undo index_set_v10.sql: the migrations' current set (V9) again. Building the index on a table of
-- millions of rows takes minutes.
drop index if exists taskrow_task_success_v4_idx;
drop function if exists taskrow_uuid7_floor(timestamptz);
create index if not exists taskrow_task_finished_idx on taskrow_task (queue, kind, created_at, id)
    include (status, finished_at) where status in ('SUCCESS', 'FAILED');
