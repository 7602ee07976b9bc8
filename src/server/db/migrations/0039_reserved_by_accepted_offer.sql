-- One listing state (decision 0053): an accepted offer reserves the listing through its state,
-- `listing_status = 'reserved'`, with the order it is held for in `reserved_order_id`; until now
-- the hold was read from a join of offers and orders and left `listing_status` alone.
ALTER TABLE "products" ADD COLUMN "reserved_order_id" uuid;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reserved_order_id_orders_id_fk" FOREIGN KEY ("reserved_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Listings an accepted offer holds today: its order still open (unpaid, not declined, not
-- cancelled), the listing on the market (active, or reserved by its seller too: the buyer's hold
-- is the stronger fact, as it was). The newest acceptance wins if there were ever two.
-- `status_changed_at` becomes the acceptance's time for those that were active.
UPDATE "products" AS "p"
SET "listing_status" = 'reserved',
    "reserved_order_id" = "held"."order_id",
    "status_changed_at" = CASE WHEN "p"."listing_status" = 'active' THEN "held"."accepted_at" ELSE "p"."status_changed_at" END
FROM (
  SELECT DISTINCT ON ("o"."product_id") "o"."product_id", "o"."order_id", "o"."updated_at" AS "accepted_at"
  FROM "offers" AS "o"
  JOIN "orders" AS "ord" ON "ord"."id" = "o"."order_id"
  WHERE "o"."status" = 'accepted'
    AND NOT "ord"."order_status" AND "ord"."declined_at" IS NULL AND "ord"."cancelled_at" IS NULL
  ORDER BY "o"."product_id", "o"."updated_at" DESC, "o"."id" DESC
) AS "held"
WHERE "p"."id" = "held"."product_id"
  AND "p"."listing_status" IN ('active', 'reserved')
  AND "p"."deleted_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reserved_order_check" CHECK ("products"."reserved_order_id" is null or "products"."listing_status" = 'reserved');
