ALTER TABLE "users" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: the counters of reviews stored before this migration.
UPDATE "users" SET "review_count" = r.n, "rating_sum" = r.total
FROM (
  SELECT "seller_id", count(*)::integer AS n, sum("rating")::integer AS total
  FROM "reviews" WHERE "removed_at" IS NULL GROUP BY "seller_id"
) AS r
WHERE "users"."id" = r."seller_id";
