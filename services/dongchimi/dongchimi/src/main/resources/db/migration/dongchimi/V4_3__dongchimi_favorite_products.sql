-- A shopper's favourite products (favourite marts are V4_1's dongchimi_favorite_mart). user_id is
-- an account id, without a foreign key across modules, as in V4_1. A product's removal removes it
-- from everyone's favourites.
create table dongchimi_favorite_product (
  user_id    bigint      not null,
  product_id bigint      not null references dongchimi_product (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, product_id)
);
-- "Deals at my favourites" joins a user's favourite products by product id; the primary key
-- serves it. Deleting a product looks its favourites up by product_id.
create index dongchimi_favorite_product_product on dongchimi_favorite_product (product_id);
