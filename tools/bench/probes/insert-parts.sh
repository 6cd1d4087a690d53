#!/usr/bin/env bash
# What each part of the taken submit's INSERT costs on the server: the engine's plain insert
# (PENDING), then one change at a time towards the taken insert (the row inserted already claimed),
# and db-scheduler's insert beside them. One client, closed loop, one commit per statement
# (autocommit, as the engine's submit), pgbench with prepared statements; the variants alternate
# round by round and the script prints each one's median latency and its distance from the plain
# insert. The statements are copies: TaskRepository.INSERT and INSERT_TAKEN as of 2026-12-07, with
# literals where pgbench cannot bind a string.
# Usage: tools/bench/probes/insert-parts.sh [--rounds=5] [--transactions=4000]
#   Talks to the PostgreSQL of PGHOST/PGPORT/PGUSER (default 127.0.0.1:5432, postgres), where it
#   creates the scratch database taskrow_insert_parts (the engine's migrations and db-scheduler's
#   table) and drops it afterwards. Needs psql and pgbench.
set -euo pipefail
cd "$(dirname "$0")/../../.."

rounds=5
transactions=4000
for arg in "$@"; do
  case "$arg" in
    --rounds=*) rounds="${arg#--rounds=}" ;;
    --transactions=*) transactions="${arg#--transactions=}" ;;
    *) echo "insert-parts: unknown option $arg" >&2; exit 2 ;;
  esac
done
export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
export PGOPTIONS="-c client_min_messages=warning"
for tool in psql pgbench; do
  command -v "$tool" >/dev/null || { echo "insert-parts: $tool not found" >&2; exit 1; }
done

db=taskrow_insert_parts
scratch="$(mktemp -d)"
trap 'psql -qX -d postgres -c "drop database if exists $db" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
psql -qX -d postgres -c "drop database if exists $db" -c "create database $db" >/dev/null
for migration in $(ls engine/taskrow-core/src/main/resources/taskrow/db/migration/V*.sql | sort -V); do
  psql -qX -v ON_ERROR_STOP=1 -d "$db" -f "$migration" >/dev/null
done
# db-scheduler's table as the bench creates it (its documented DDL with the three indexes).
sed -n '/create table if not exists scheduled_tasks/,/priority desc, execution_time asc);/p' \
  tools/bench/src/main/java/dev/tools/bench/DbSchedulerPeer.java > "$scratch/db-scheduler.sql"
[ -s "$scratch/db-scheduler.sql" ] || { echo "insert-parts: db-scheduler DDL not found" >&2; exit 1; }
psql -qX -v ON_ERROR_STOP=1 -d "$db" -f "$scratch/db-scheduler.sql" >/dev/null

claimed_columns='id, kind, queue, subject, payload, priority, max_attempts, parent_id, created_at,
    trace_parent, status, attempt_count, fence_token, locked_by, locked_until, due_at,
    last_attempt_at, started_at'
claimed_values="gen_random_uuid(), 'bench', 'default', null, cast('{\"n\":1}' as jsonb), :pr, :ma,
    null, now(), null, 'PROCESSING', 1, 1, 'worker-1', now() + :lease * interval '1 millisecond',
    now() + :lease * interval '1 millisecond', now(), now()"
header='\set pr 0
\set ma 3
\set lease 30000
\set delay 0'

cat > "$scratch/plain.sql" <<EOF
$header
insert into taskrow_task (id, kind, queue, subject, payload, priority, max_attempts, due_at,
    parent_id, created_at, concurrency_key, trace_parent)
values (gen_random_uuid(), 'bench', 'default', null, cast('{"n":1}' as jsonb), :pr, :ma,
    now() + :delay * interval '1 millisecond', null, now(), null, null);
EOF
cat > "$scratch/claimed-values.sql" <<EOF
$header
insert into taskrow_task ($claimed_columns)
values ($claimed_values);
EOF
cat > "$scratch/claimed-values-returning.sql" <<EOF
$header
insert into taskrow_task ($claimed_columns)
values ($claimed_values)
returning *, now() as claimed_at;
EOF
cat > "$scratch/claimed-select-returning.sql" <<EOF
$header
insert into taskrow_task ($claimed_columns)
select $claimed_values
returning *, now() as claimed_at;
EOF
cat > "$scratch/taken.sql" <<EOF
$header
insert into taskrow_task ($claimed_columns)
select $claimed_values
where not exists (select from taskrow_paused_queue p where p.queue = 'default')
returning *, now() as claimed_at;
EOF
cat > "$scratch/db-scheduler.sql" <<EOF
insert into scheduled_tasks (task_name, task_instance, task_data, execution_time, picked, version,
    priority)
values ('bench', gen_random_uuid()::text, '\x0102030405'::bytea, now(), false, 1, 0);
EOF

variants=(plain claimed-values claimed-values-returning claimed-select-returning taken db-scheduler)
# One untimed pass of each first: the server's caches and the client's plans warm, not measured.
for variant in "${variants[@]}"; do
  pgbench -n -M prepared -c 1 -t "$(((transactions + 9) / 10))" -f "$scratch/$variant.sql" "$db" >/dev/null 2>&1
done
echo "insert-parts: $rounds rounds of $transactions single-client transactions per variant, $(psql -AtqX -d "$db" -c 'show server_version')"
for round in $(seq 1 "$rounds"); do
  count=${#variants[@]}
  for i in $(seq 0 $((count - 1))); do
    variant=${variants[$(((i + round) % count))]}
    psql -qX -d "$db" -c "truncate taskrow_task, scheduled_tasks" -c checkpoint >/dev/null
    latency=$(pgbench -n -M prepared -c 1 -t "$transactions" -f "$scratch/$variant.sql" "$db" 2>&1 |
      awk '/latency average/ {print $4}')
    [ -n "$latency" ] || { echo "insert-parts: pgbench failed on $variant" >&2; exit 1; }
    echo "$variant $latency" >> "$scratch/results"
    echo "  round $round $variant ${latency} ms"
  done
done

echo "median latency per statement and commit, ms (difference from plain, µs):"
for variant in "${variants[@]}"; do
  awk -v v="$variant" '$1 == v {print $2}' "$scratch/results" | sort -n |
    awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}' \
    > "$scratch/$variant.median"
done
plain=$(cat "$scratch/plain.median")
for variant in "${variants[@]}"; do
  median=$(cat "$scratch/$variant.median")
  awk -v v="$variant" -v m="$median" -v p="$plain" \
    'BEGIN {printf "  %-26s %.3f  (%+.0f)\n", v, m, (m - p) * 1000}'
done
