-- Product pictures kept in object storage and served by 동치미 itself, instead of hot-linked URLs.
-- picture_name is the stored display file (dongchimi/product-images/<name>; its thumbnail is
-- <hash>-t.<ext>); picture_source says where it came from, so a mart's own photo (OWNER) is never
-- replaced by a matched one or a placeholder. image_url keeps the URL a picture came from.
alter table dongchimi_product
  add column picture_name   text check (picture_name ~ '^[0-9a-f]{64}\.(jpg|png)$'),
  add column picture_source text check (picture_source in ('PLACEHOLDER', 'MATCHED', 'OWNER')),
  add constraint dongchimi_product_picture_both
    check ((picture_name is null) = (picture_source is null));
