-- One Excel import of a mart's products. The task row (taskrow_task, same id) holds status, error
-- code, attempts and progress; this row holds what the task row does not: the file, the phase, the
-- summary and the row errors.
create table dongchimi_product_import (
  task_id    uuid        primary key,
  mart_id    bigint      not null references dongchimi_mart (id) on delete cascade,
  owner_id   bigint      not null,
  file_name  text        not null,
  file_key   text        not null,
  file_size  bigint      not null,
  -- QUEUED, PARSING, ANALYSING, APPLYING, DONE
  phase      text        not null default 'QUEUED',
  summary    jsonb,
  row_errors jsonb,
  created_at timestamptz not null default now()
);

create index dongchimi_product_import_mart on dongchimi_product_import (mart_id, created_at desc);
