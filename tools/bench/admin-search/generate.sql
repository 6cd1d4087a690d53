-- :n rows over 14 days; 95% SUCCESS, 4% FAILED, :active active rows (half PENDING, half
-- PROCESSING) spread over the whole table; 6 kinds with skew, one rare.
--   psql -v n=1000000 -v active=10000 -f generate.sql     (1 % active: the 1 M figures)
--   psql -v n=10000000 -v active=10000 -f generate.sql    (a backlog of the same size in 10 M rows)
-- Of the 1 % slots (i % 100 = 99) every (n / 100 / active)-th is active, the others SUCCESS.
--   psql ... -v v7ids=true -f generate.sql                   (UUIDv7 ids, as the engine writes now)
-- Ids are random (v4, as before UUIDv7 ids) unless v7ids is true: then each id is a UUIDv7 of the row's
-- created_at, which is then whole milliseconds, as TaskIds makes them (ADR 0011).
\if :{?v7ids}
\else
\set v7ids false
\endif
insert into taskrow_task (id, kind, queue, subject, payload, status, error_code, error_message,
    attempt_count, max_attempts, due_at, created_at, finished_at)
select case when :v7ids
            then cast(lpad(to_hex(floor(extract(epoch from c.created_at) * 1000)::bigint), 12, '0')
                      || '7' || substr(md5(i::text), 1, 3) || to_hex(8 + i % 4)
                      || substr(md5(i::text), 4, 15) as uuid)
            else gen_random_uuid() end,
       k.kind, k.queue,
       case when i % 3 = 0 then null when s.status in ('PENDING','PROCESSING') then 'active:' || i else 'nest:' || (i % 500000) end,
       cast('{"n": ' || i || '}' as jsonb),
       s.status,
       case when s.status = 'FAILED' then (array['ISSUER_TIMEOUT','OCR_FAILED','UNKNOWN','CANCELLED','STALE_PENDING','RARE_CODE'])[1 + (case when i % 1000 = 7 then 5 else i % 5 end)] end,
       case when s.status = 'FAILED' then 'failed ' || i end,
       1, 3,
       case when s.status in ('PENDING','PROCESSING') then c.created_at end,
       c.created_at,
       case when s.status in ('SUCCESS','FAILED') then c.created_at + interval '2 seconds' end
from generate_series(1, :n) as i
cross join lateral (select date_trunc('milliseconds', now() - interval '14 days' * (1 - i::float8 / :n))
                            as created_at) c
cross join lateral (select case when i % 100 < 95 then 'SUCCESS' when i % 100 < 99 then 'FAILED'
                                when (i / 100) % greatest(1, :n / 100 / :active) <> 0 then 'SUCCESS'
                                when (i / 100 / greatest(1, :n / 100 / :active)) % 2 = 0 then 'PENDING'
                                else 'PROCESSING' end as status) s
cross join lateral (select case when i % 100000 = 3 then 'rare.kind'
                                when i % 10 < 5 then 'registry.issue'
                                when i % 10 < 8 then 'registry.ocr'
                                else 'dongchimi.import' end as kind) k0
cross join lateral (select k0.kind,
                           case k0.kind when 'registry.issue' then 'issuance' when 'registry.ocr' then 'ocr'
                                        when 'rare.kind' then 'rare' else 'import' end as queue) k;
