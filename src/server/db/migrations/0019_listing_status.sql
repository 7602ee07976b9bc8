-- One listing state (decision 0027). `listing_status` replaces the booleans a listing's state
-- was spread over: `order_status` and `unavailable` become columns PostgreSQL derives from it
-- (generated, so nothing can write them out of step), and every "on the market" index is
-- rebuilt on one predicate: listing_status in ('active', 'reserved') and deleted_at is null.
-- Every existing listing keeps its state: sold stays sold, a listing an admin removed (an
-- unreversed `removed` decision) is `removed`, one its seller took off the market is
-- `unavailable`, the rest `active`. A seller's or an account's delete stays `deleted_at`.
ALTER TABLE "products" ADD COLUMN "listing_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
-- When the state last changed (days on market stop counting for a sold or expired listing).
ALTER TABLE "products" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL;--> statement-breakpoint
-- Expiry: LISTING_TTL_DAYS after listing or the last renewal. Existing listings get the default
-- 60 days from now, so none expires the moment this migration runs.
ALTER TABLE "products" ADD COLUMN "expires_at" timestamp with time zone DEFAULT (date_trunc('milliseconds', now()) + interval '60 days') NOT NULL;--> statement-breakpoint
-- Set when the reminder of the current expiry window was queued; cleared by a renewal.
ALTER TABLE "products" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
-- What a listing sold elsewhere went for (cents), when its seller said.
ALTER TABLE "products" ADD COLUMN "sold_price_cents" integer;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD COLUMN "previous_listing_status" text;--> statement-breakpoint
UPDATE "moderation_decisions" AS d SET "previous_listing_status" = CASE WHEN p."order_status" THEN 'sold' WHEN p."unavailable" THEN 'unavailable' ELSE 'active' END FROM "products" AS p WHERE p."id" = d."product_id" AND d."outcome" = 'removed';--> statement-breakpoint
UPDATE "products" SET "listing_status" = CASE
  WHEN "order_status" THEN 'sold'
  WHEN "deleted_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "moderation_decisions" d WHERE d."product_id" = "products"."id" AND d."outcome" = 'removed' AND d."reversed_at" IS NULL) THEN 'removed'
  WHEN "unavailable" THEN 'unavailable'
  ELSE 'active' END,
  "status_changed_at" = "created_at";--> statement-breakpoint
DROP INDEX IF EXISTS "products_promoted_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_newest_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_mileage_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_year_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_make_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_make_year_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_category_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_vector_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_verified_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_price_guidance_idx";--> statement-breakpoint
-- One table rewrite for both derived columns.
ALTER TABLE "products" DROP COLUMN "order_status", DROP COLUMN "unavailable",
  ADD COLUMN "order_status" boolean GENERATED ALWAYS AS ("listing_status" = 'sold') STORED NOT NULL,
  ADD COLUMN "unavailable" boolean GENERATED ALWAYS AS ("listing_status" = 'unavailable') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_listing_status_check" CHECK ("products"."listing_status" in ('active', 'reserved', 'sold', 'unavailable', 'expired', 'removed'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sold_price_check" CHECK ("products"."sold_price_cents" > 0 and "products"."sold_price_cents" <= 1000000000);--> statement-breakpoint
CREATE INDEX "products_promoted_idx" ON "products" USING btree ("created_at","id") WHERE "products"."promote" and "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_newest_idx" ON "products" USING btree ("created_at","id") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_price_idx" ON "products" USING btree ("resell_price_cents","id") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_mileage_idx" ON "products" USING btree (coalesce("mileage_km", 2147483647),"id") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_year_idx" ON "products" USING btree (coalesce("model_year", 0),"id") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_make_idx" ON "products" USING btree (lower("make"),lower("model"),"created_at","id") INCLUDE ("make","fuel_type","transmission","condition","category_id","model_year","mileage_km","resell_price_cents","seller_id") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_make_year_idx" ON "products" USING btree (lower("make"),coalesce("model_year", 0),"id") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_category_idx" ON "products" USING btree ("category_id","created_at","id") INCLUDE ("make","model","fuel_type","transmission","condition","model_year","mileage_km","resell_price_cents","seller_id") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_verified_idx" ON "products" USING gin ("search_vector","search_text" gin_trgm_ops) WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null and "products"."seller_verified";--> statement-breakpoint
-- Price guidance (decision 0019, sold prices since decision 0027): live or sold listings, the
-- sold price and the state read from the index too (an index-only scan).
CREATE INDEX "products_price_guidance_idx" ON "products" USING btree (lower("make"), lower("model"), "model_year", "mileage_km", "created_at") INCLUDE ("resell_price_cents", "make", "model", "id", "listing_status", "sold_price_cents") WHERE "products"."deleted_at" is null and "products"."listing_status" in ('active', 'reserved', 'sold');--> statement-breakpoint
-- The expiry job's walk: listings on the market by expiry time.
CREATE INDEX "products_expiry_idx" ON "products" USING btree ("expires_at") WHERE "products"."listing_status" in ('active', 'reserved') and "products"."deleted_at" is null;--> statement-breakpoint
-- Every asking price a listing has had, oldest first; the first is the price it was listed at.
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "price_history_price_check" CHECK ("price_history"."price_cents" > 0)
);--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","at","id");--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "price_cents", "at") SELECT "id", "resell_price_cents", "created_at" FROM "products";
