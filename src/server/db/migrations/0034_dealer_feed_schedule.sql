-- Dealers, second step (docs/features.md "Dealers"; decision 0046).
-- 1. A dealer chooses how often its inventory feed is imported: every 1, 3, 6, 12 or 24 hours;
--    the hourly `dealer-feeds` job imports the feeds that are due. Existing feeds stay hourly.
-- 2. A saved search keeps the search's seller type (`seller_type`: private sellers or dealers)
--    as a match column, so its alerts match it as the search does; '' is any seller. Searches
--    saved with it before are filled in from their stored query.
ALTER TABLE "dealer_feeds" ADD COLUMN "interval_hours" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_feeds" ADD CONSTRAINT "dealer_feeds_interval_check" CHECK ("interval_hours" in (1, 3, 6, 12, 24));--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "seller_type_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "saved_searches" SET "seller_type_key" = "query"->>'seller_type' WHERE "query"->>'seller_type' in ('private', 'business');
