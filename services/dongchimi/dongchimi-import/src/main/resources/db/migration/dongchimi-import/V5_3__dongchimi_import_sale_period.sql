-- The sale period an owner gives with an upload (form fields sale_start and sale_end): the rows
-- with a sale price and no dates of their own take it. Both or neither.
alter table dongchimi_product_import
  add column sale_start date,
  add column sale_end   date,
  add constraint dongchimi_product_import_sale_period
    check ((sale_start is null) = (sale_end is null) and (sale_end is null or sale_end >= sale_start));
