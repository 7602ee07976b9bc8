-- A dealer chooses how often its inventory feed is imported (docs/features.md "Dealers";
-- decision 0046): every 1, 3, 6, 12 or 24 hours; the hourly `dealer-feeds` job imports the feeds
-- that are due. Existing feeds keep the hourly rhythm they had.
ALTER TABLE "dealer_feeds" ADD COLUMN "interval_hours" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_feeds" ADD CONSTRAINT "dealer_feeds_interval_check" CHECK ("interval_hours" in (1, 3, 6, 12, 24));
