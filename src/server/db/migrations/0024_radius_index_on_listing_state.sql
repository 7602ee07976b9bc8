-- The radius index of 0018_places was partial on `order_status` and `unavailable`, which
-- 0019_listing_status dropped (and, with them, every index whose predicate named them; 0019
-- rebuilt the others on the one "on the market" predicate, decision 0027). Made again on that
-- predicate, so a radius search reads a bounding box from an index (decision 0026).
DROP INDEX IF EXISTS "products_search_place_idx";--> statement-breakpoint
CREATE INDEX "products_search_place_idx" ON "products" ("place_lat", "place_lon") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null and "products"."place_lat" is not null;
