-- The V10 option's schema change (ADR 0011: measured, not adopted; no migration applies it), for
-- running the v10_*.sql statements on a bench table generated with -v v7ids=true:
--   psql -f index_set_v10.sql, then the v10_*.sql files; psql -f index_set_v9.sql puts V9's index back.
-- It drops V9's finished-row index, so SUCCESS rows are found through the primary key's range (v7
-- ids are in created order) and, for rows with v4 ids, through a partial index that a v7 SUCCESS
-- finish writes no entry into.
drop index if exists taskrow_task_finished_idx;

create index if not exists taskrow_task_success_v4_idx on taskrow_task (created_at, id)
    include (queue, kind, finished_at)
    where status = 'SUCCESS' and substr(id::text, 15, 1) <> '7';

-- The smallest UUIDv7 of the millisecond a time falls in: "created at or after :at" is
-- "id >= taskrow_uuid7_floor(:at)" for every v7 row. Text form: 12 hex digits of milliseconds
-- since the epoch, version 7, variant 10, zeros.
create or replace function taskrow_uuid7_floor(at timestamptz) returns uuid
    language sql stable parallel safe
    return cast(lpad(to_hex(floor(extract(epoch from at) * 1000)::bigint), 12, '0')
                || '70008000000000000000' as uuid);
