-- Seller insights (decision 0029): raw listing views (unique per listing, visitor hash and UTC
-- day; removed after 90 days), the daily rollup per listing, and the daily visitor salts.
CREATE TABLE "listing_views" (
	"product_id" uuid NOT NULL REFERENCES "products"("id"),
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "listing_views_pkey" PRIMARY KEY ("product_id", "day", "visitor_hash")
);
--> statement-breakpoint
CREATE INDEX "listing_views_day_idx" ON "listing_views" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "listing_daily_stats" (
	"product_id" uuid NOT NULL REFERENCES "products"("id"),
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_pkey" PRIMARY KEY ("product_id", "day"),
	CONSTRAINT "listing_daily_stats_counts_check" CHECK ("views" >= 0 and "impressions" >= 0 and "favourites" >= 0 and "conversations" >= 0 and "bookings" >= 0)
);
--> statement-breakpoint
CREATE INDEX "listing_daily_stats_day_idx" ON "listing_daily_stats" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
-- The rollup job counts the last two days' favourites, conversations and bookings by time.
CREATE INDEX "favourites_created_idx" ON "favourites" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "conversations_created_idx" ON "conversations" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");
--> statement-breakpoint
-- The last 90 days of favourites, conversations and bookings that already exist.
INSERT INTO "listing_daily_stats" ("product_id", "day", "favourites", "conversations", "bookings")
SELECT "product_id", "day", sum("f")::int, sum("c")::int, sum("b")::int FROM (
	SELECT "product_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "f", 0 AS "c", 0 AS "b"
	FROM "favourites" WHERE "created_at" >= now() - interval '90 days'
	UNION ALL
	SELECT "product_id", ("created_at" AT TIME ZONE 'UTC')::date, 0, 1, 0
	FROM "conversations" WHERE "created_at" >= now() - interval '90 days'
	UNION ALL
	SELECT "product_id", ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, 1
	FROM "orders" WHERE "created_at" >= now() - interval '90 days'
) AS "events"
GROUP BY "product_id", "day";
