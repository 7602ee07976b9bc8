-- A keyword within a radius (decision 0026): "golf within 200 km of Los Angeles" read every
-- listing of the keyword anywhere (25,000 at 1,000,000 listings) to test its position on the
-- table, because no index held both. The full-text GIN index now also holds the listing's
-- one-degree cell (latitude and longitude rounded down), so such a search intersects the
-- keyword's listings with the cells its circle touches inside the index and reads only those
-- (2,000 there) to test the exact distance. A multicolumn GIN index serves a condition on either
-- column as well as the one-column index did, so it replaces products_search_vector_idx.
CREATE OR REPLACE FUNCTION sg_place_cell(lat double precision, lon double precision)
  RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (floor(lat)::integer + 90) * 361 + (floor(lon)::integer + 180) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_vector_place_idx" ON "products" USING gin ("search_vector", (array[sg_place_cell("place_lat", "place_lon")])) WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_vector_idx";--> statement-breakpoint
-- Listings stand at towns, so positions cluster: the planner's estimate of a bounding box from
-- the latitude and longitude histograms taken as independent was 25 times too low around a
-- metro area (335 rows for 9,336), and it read every listing in the box to sort them by price
-- instead of walking the price index for a page. A joint most-common-values list of the two
-- columns gives it the box's real share.
CREATE STATISTICS IF NOT EXISTS "products_place_stats" (mcv) ON "place_lat", "place_lon" FROM "products";--> statement-breakpoint
ANALYZE "products";
