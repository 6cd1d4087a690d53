-- sort=unit_price for deals near a point: the sale price per 100 g or 100 ml, computed as
-- ProductNames.unitPrice does (half up; kg and l times 1000; the pack count multiplies), kept in a
-- generated column so a deal index can hand a mart's deals over in that order, as V4_2's do.
-- Only weights and volumes have a unit price: a product counted in pieces, or with no spec, has
-- none and sorts last. 100 g and 100 ml are compared as the same number (an approximation the
-- page states). Capped below 2147483647, the "no unit price" key.
-- Adding a stored generated column rewrites the table once (an exclusive lock for as long): on a
-- large catalog, run it in a quiet hour.
alter table dongchimi_product add column sale_unit_price int generated always as (
  case
    when sale_price is null or spec_amount is null or spec_amount <= 0 then null
    when spec_unit in ('g', 'ml') then least(round(sale_price * 100.0
        / (spec_amount * coalesce(spec_pack_count, 1))), 2147483646)::int
    when spec_unit in ('kg', 'l') then least(round(sale_price * 100.0
        / (spec_amount * 1000 * coalesce(spec_pack_count, 1))), 2147483646)::int
  end) stored;

create index dongchimi_product_deal_unit_price
  on dongchimi_product (mart_id, (coalesce(sale_unit_price, 2147483647)), id)
  include (sale_start, sale_end, discount_rate, sale_price, category, normalized_name)
  where sale_price is not null;
