-- sort=piece_price for deals near a point: the sale price of one piece of a pack (원/개), beside
-- V4_4's price per 100 g / 100 ml, computed as ProductNames.piecePrice does: a count of pieces
-- ("30구", "10개입") times the pack count, or only the pack count for a weight, a volume or sheets
-- ("2L×6" is 6 pieces, "100매×6입" 6 packs, never 600); half up. A single item has no piece price
-- and sorts last, as a product without a unit price does for sort=unit_price. Capped below
-- 2147483647, the "no piece price" key.
-- Adding a stored generated column rewrites the table once (an exclusive lock for as long): on a
-- large catalog, run it in a quiet hour.
alter table dongchimi_product add column sale_piece_price int generated always as (
  case
    when sale_price is null or spec_amount is null or spec_amount <= 0 then null
    when spec_unit in ('g', 'kg', 'ml', 'l', '매', '장') then
      case when coalesce(spec_pack_count, 1) >= 2
        then least(round(sale_price::numeric / spec_pack_count), 2147483646)::int end
    when trunc(spec_amount) * coalesce(spec_pack_count, 1) >= 2 then
      least(round(sale_price::numeric / (trunc(spec_amount) * coalesce(spec_pack_count, 1))),
            2147483646)::int
  end) stored;

-- One mart's deals in that order, with what the ranking and the filters read (as V4_2's and
-- V4_4's deal indexes).
create index dongchimi_product_deal_piece_price
  on dongchimi_product (mart_id, (coalesce(sale_piece_price, 2147483647)), id)
  include (sale_start, sale_end, discount_rate, sale_price, category, normalized_name)
  where sale_price is not null;
