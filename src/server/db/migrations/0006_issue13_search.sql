-- Search (decision 0012): trigram similarity and accent folding. Both extensions are
-- "trusted" (PostgreSQL 13+), so a database owner without superuser may create them; PGlite
-- loads them from its bundle (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change); generated columns and index expressions
-- need IMMUTABLE, so this wrapper names the dictionary explicitly and promises that.
CREATE OR REPLACE FUNCTION sg_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, sg_unaccent(product_name || ' ' || coalesce(make, '') || ' ' || coalesce(model, ''))), 'A') || setweight(to_tsvector('simple'::regconfig, sg_unaccent(coalesce(body_type, '') || ' ' || coalesce(color, ''))), 'B') || setweight(to_tsvector('simple'::regconfig, sg_unaccent(product_description)), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(sg_unaccent(product_name || ' ' || coalesce(make, '') || ' ' || coalesce(model, '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_newest_idx" ON "products" USING btree ("created_at","id") WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false;--> statement-breakpoint
CREATE INDEX "products_search_price_idx" ON "products" USING btree ("resell_price_cents","id") WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false;--> statement-breakpoint
CREATE INDEX "products_search_mileage_idx" ON "products" USING btree (coalesce("mileage_km", 2147483647),"id") WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false;--> statement-breakpoint
CREATE INDEX "products_search_year_idx" ON "products" USING btree (coalesce("model_year", 0),"id") WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false;--> statement-breakpoint
CREATE INDEX "products_search_make_idx" ON "products" USING btree (lower("make"),lower("model"),"created_at","id") WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false;--> statement-breakpoint
CREATE INDEX "products_search_category_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false;