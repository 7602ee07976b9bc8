-- Decision 0019: the listing page's badge leaves the listing itself out of its
-- comparables (`id <> $1`). With `id` outside the index PostgreSQL had to fetch every
-- comparable's table row to check it (600–1,000 table pages, 6–10 ms cold at 1,000,000
-- listings); with `id` INCLUDEd the badge is an index-only scan like the other calls.
DROP INDEX IF EXISTS "products_price_guidance_idx";--> statement-breakpoint
CREATE INDEX "products_price_guidance_idx" ON "products" USING btree (lower("make"), lower("model"), "model_year", "mileage_km", "created_at") INCLUDE ("resell_price_cents", "make", "model", "id") WHERE "products"."deleted_at" is null and ("products"."order_status" or not "products"."unavailable");
