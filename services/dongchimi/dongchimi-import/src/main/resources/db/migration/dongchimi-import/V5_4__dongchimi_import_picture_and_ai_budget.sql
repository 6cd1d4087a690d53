-- Pictures pasted into an imported sheet, anchored to a product's row: each is an image
-- candidate for that product (not its image: the owner or the image matching picks), stored
-- through the object storage under storage_key. Written with the import's products, in the same
-- transaction; a later import of the same product adds a newer candidate.
create table dongchimi_import_picture (
  task_id      uuid        not null references dongchimi_product_import (task_id) on delete cascade,
  row_num      int         not null,
  mart_id      bigint      not null references dongchimi_mart (id) on delete cascade,
  product_key  text        not null,
  storage_key  text        not null,
  content_type text        not null,
  byte_size    bigint      not null,
  created_at   timestamptz not null default now(),
  primary key (task_id, row_num)
);

-- A product's candidates, newest first.
create index dongchimi_import_picture_product
  on dongchimi_import_picture (mart_id, product_key, created_at desc);

-- The AI budget shared by every instance (Bucket4j's PostgreSQL backend): one row per bucket
-- (1: calls in flight, 2: requests per minute), its state serialised by Bucket4j.
create table dongchimi_ai_budget (
  id         bigint primary key,
  state      bytea,
  expires_at bigint
);
