-- Deals near a point (ProductRepository.dealsNearby) rank each mart's products on sale and keep
-- only the first few per mart. At 3 km in a dense city that is ~1,500 marts, so each visit must be
-- cheap: these indexes hand over one mart's products already in the order of sort=discount (and
-- sort=distance, the same within one mart) or sort=price, with every column the ranking and the
-- category and keyword filters read, so no table row is read until the page is known. The order
-- is also a key range: a mart's scan stops at the page's bound.
-- The discount key is coalesce(discount_rate, 101): it orders as "discount_rate desc" does, a free
-- item's null discount first (no discount exceeds 100), and, unlike the nullable column, a bound
-- on it is one range.
-- "On sale today" cannot be an index predicate (today is not immutable): the sale window is
-- included and checked in the index.
create index dongchimi_product_deal_discount
  on dongchimi_product (mart_id, (coalesce(discount_rate, 101)) desc, id)
  include (sale_start, sale_end, discount_rate, sale_price, category, normalized_name)
  where sale_price is not null;
create index dongchimi_product_deal_price
  on dongchimi_product (mart_id, sale_price, id)
  include (sale_start, sale_end, discount_rate, category, normalized_name)
  where sale_price is not null;

-- The marts in a bounding box with their ids from the index alone (no table read per mart); it
-- replaces the plain (lat, lng) index.
create index dongchimi_mart_lat_lng_id on dongchimi_mart (lat, lng) include (id);
drop index dongchimi_mart_lat_lng;
