#!/usr/bin/env bash
# The write cost of a drain under each set of finished-row indexes, as WAL bytes per task: submit
# (1,000 rows per statement), claim (500 per statement, as the engine's CLAIM) and finish SUCCESS
# (500 per statement, as COMPLETE_BATCH), one commit per statement. WAL bytes do not depend on the
# machine's load, which the drain's tasks/s do (ADR 0011). Sets, as index set : id version:
#   v7:v4   before V8 — no finished-row index, random ids (the engine before UUIDv7 ids)
#   v9:v4   V9 — taskrow_task_finished_idx, random ids
#   v7:v7   no finished-row index, UUIDv7 ids
#   v9:v7   V9's index with UUIDv7 ids (the engine now: the migrations' current set)
#   v10:v7  the V10 option, not adopted — FAILED indexes and the (empty) v4 SUCCESS index, UUIDv7 ids
#   active:v7  V9's and the active rows' index in created order (issue 19, aim 4), UUIDv7 ids
# Needs a database with the engine's migrations applied (V1..V9) and psql's usual PG* variables.
#   N=100000 RUNS=3 tools/bench/finish-cost/finish_cost.sh
set -euo pipefail
N=${N:-100000}
RUNS=${RUNS:-3}
SETS=${SETS:-"v7:v4 v9:v4 v7:v7 v9:v7 v10:v7"}
sql() { psql -X -q -t -A -v ON_ERROR_STOP=1 -c "$1"; }

sql "create or replace procedure finish_cost_drain(n int, v7 boolean)
language plpgsql as \$\$
declare
  claimed uuid[];
begin
  for b in 0 .. (n - 1) / 1000 loop
    insert into taskrow_task (id, kind, queue, payload, max_attempts, due_at, created_at)
    -- a v7 id: the millisecond, version 7, then random bits (md5 of the row number), variant 10
    select case when v7
                then cast(lpad(to_hex(floor(extract(epoch from c.at) * 1000)::bigint), 12, '0')
                          || '7' || substr(md5(i::text), 1, 3) || '8' || substr(md5(i::text), 4, 15)
                          as uuid)
                else gen_random_uuid() end, 'k', 'q',
           '{}', 3, c.at, c.at
      from generate_series(b * 1000 + 1, least(n, b * 1000 + 1000)) i
     cross join lateral (select date_trunc('milliseconds', clock_timestamp()) as at) c;
    commit;
  end loop;
  loop
    with next as (
        select id from taskrow_task
         where queue = 'q' and status in ('PENDING', 'PROCESSING') and due_at <= now() + interval '1 hour'
           and locked_by is null
         order by priority desc, due_at limit 500 for update skip locked),
    claim as (
        update taskrow_task t
           set status = 'PROCESSING', attempt_count = t.attempt_count + 1,
               fence_token = t.fence_token + 1, locked_by = 'w',
               locked_until = now() + interval '30 seconds', due_at = now() + interval '30 seconds'
          from next where t.id = next.id
        returning t.id)
    select array_agg(id) into claimed from claim;
    commit;
    exit when claimed is null;
    update taskrow_task
       set status = 'SUCCESS', result = '{}', finished_at = now(), due_at = null, locked_by = null,
           locked_until = null, next_retry_at = null
     where id = any(claimed) and status = 'PROCESSING';
    commit;
  end loop;
end \$\$"

apply_set() {
  for name in taskrow_task_finished_idx taskrow_task_failed_code_idx taskrow_task_failed_window_idx \
      taskrow_task_success_v4_idx taskrow_task_active_created_idx; do
    sql "drop index if exists $name"
  done
  case "$1" in
    v7) ;;
    v9|active)
      if [ "$1" = active ]; then
        sql "create index taskrow_task_active_created_idx on taskrow_task (created_at, id)
               include (queue, kind, status, locked_until) where status in ('PENDING', 'PROCESSING')"
      fi
      sql "create index taskrow_task_finished_idx on taskrow_task (queue, kind, created_at, id)
             include (status, finished_at) where status in ('SUCCESS', 'FAILED')"
      sql "create index taskrow_task_failed_code_idx on taskrow_task (error_code, created_at, id)
             include (kind, queue) where status = 'FAILED'"
      sql "create index taskrow_task_failed_window_idx on taskrow_task (created_at, id)
             include (kind, queue, error_code) where status = 'FAILED'" ;;
    v10)
      sql "create index taskrow_task_failed_code_idx on taskrow_task (error_code, created_at, id)
             include (kind, queue) where status = 'FAILED'"
      sql "create index taskrow_task_failed_window_idx on taskrow_task (created_at, id)
             include (kind, queue, error_code) where status = 'FAILED'"
      sql "create index taskrow_task_success_v4_idx on taskrow_task (created_at, id)
             include (queue, kind, finished_at)
             where status = 'SUCCESS' and substr(id::text, 15, 1) <> '7'" ;;
  esac
}

echo "run set ids wal_bytes_per_task seconds"
for run in $(seq 1 "$RUNS"); do
  for combo in $SETS; do
    set_name=${combo%%:*}
    ids=${combo##*:}
    sql "truncate taskrow_task"
    apply_set "$set_name"
    sql "checkpoint"
    start_lsn=$(sql "select pg_current_wal_insert_lsn()")
    start=$(date +%s.%N)
    sql "call finish_cost_drain($N, $([ "$ids" = v7 ] && echo true || echo false))"
    end=$(date +%s.%N)
    bytes=$(sql "select pg_current_wal_insert_lsn() - '$start_lsn'::pg_lsn")
    echo "$run $set_name $ids $(( ${bytes%.*} / N )) $(echo "$end - $start" | bc)"
  done
done
# Leave the migrations' current set (V9) behind, as the bench's drain does.
sql "truncate taskrow_task"
apply_set v9
