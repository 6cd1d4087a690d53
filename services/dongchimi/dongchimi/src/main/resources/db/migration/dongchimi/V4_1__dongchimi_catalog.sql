-- 동치미: marts, flyers, products, price history, favourites.
-- Nearby search needs no PostGIS: a B-tree on (lat, lng) answers a bounding box, and the query
-- re-checks the exact great-circle distance. Korean keyword search: pg_trgm on normalized_name.
create extension if not exists pg_trgm;

-- owner_id / user_id are account ids (accounts_user.id). No foreign key across modules on
-- purpose: each module's schema migrates on its own.
create table dongchimi_mart (
  id            bigint generated always as identity primary key,
  owner_id      bigint           not null,
  name          text             not null,
  address       text             not null,
  lat           double precision not null check (lat between -90 and 90),
  lng           double precision not null check (lng between -180 and 180),
  phone         text,
  opening_hours text,
  closed_days   text,
  created_at    timestamptz      not null default now(),
  updated_at    timestamptz      not null default now()
);
create index dongchimi_mart_lat_lng on dongchimi_mart (lat, lng);
create index dongchimi_mart_owner on dongchimi_mart (owner_id);

create table dongchimi_flyer (
  id         bigint generated always as identity primary key,
  mart_id    bigint      not null references dongchimi_mart (id) on delete cascade,
  title      text        not null,
  valid_from date        not null,
  valid_to   date        not null check (valid_to >= valid_from),
  created_at timestamptz not null default now()
);
create index dongchimi_flyer_mart on dongchimi_flyer (mart_id, valid_to);

create table dongchimi_flyer_page (
  flyer_id     bigint not null references dongchimi_flyer (id) on delete cascade,
  page_no      int    not null,
  object_key   text   not null,
  content_type text   not null,
  size_bytes   bigint not null,
  primary key (flyer_id, page_no)
);

create table dongchimi_product (
  id              bigint generated always as identity primary key,
  mart_id         bigint not null references dongchimi_mart (id) on delete cascade,
  -- The upsert identity within a mart: the barcode when known, else the normalised name.
  product_key     text   not null,
  name            text   not null,
  raw_name        text   not null,
  normalized_name text   not null,
  category        text   not null,
  regular_price   int    not null check (regular_price >= 0),
  sale_price      int    check (sale_price >= 0),
  discount_rate   int    generated always as (
                    case when sale_price is not null and regular_price > 0
                         then ((regular_price - sale_price) * 100) / regular_price end) stored,
  spec_amount     numeric(12, 3),
  spec_unit       text,
  spec_pack_count int,
  image_url       text,
  sale_start      date,
  sale_end        date,
  barcode         text,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  unique (mart_id, product_key)
);
-- Products on sale per mart: the nearby counts and the deals join.
create index dongchimi_product_sale on dongchimi_product (mart_id, sale_end, sale_start)
  where sale_price is not null;
create index dongchimi_product_mart_category on dongchimi_product (mart_id, category);
create index dongchimi_product_name_trgm on dongchimi_product
  using gin (normalized_name gin_trgm_ops);

create table dongchimi_price_history (
  id            bigint generated always as identity primary key,
  product_id    bigint      not null references dongchimi_product (id) on delete cascade,
  regular_price int         not null,
  sale_price    int,
  changed_at    timestamptz not null
);
create index dongchimi_price_history_product on dongchimi_price_history (product_id, changed_at);

create table dongchimi_favorite_mart (
  user_id    bigint      not null,
  mart_id    bigint      not null references dongchimi_mart (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, mart_id)
);
