-- Radius search with a make ("Toyota within 100 km", decision 0026): the make, then the bounding
-- box, in one index range, so such a search reads the make's listings in the box's latitude band
-- instead of every listing in the box (28,000 in 100 km around Dallas at 1,000,000 listings).
CREATE INDEX IF NOT EXISTS "products_search_make_place_idx" ON "products" (lower("make"), "place_lat", "place_lon") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null and "products"."place_lat" is not null;
