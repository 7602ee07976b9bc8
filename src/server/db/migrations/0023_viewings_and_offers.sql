-- Viewing times on bookings and offers with counter-offers (decision 0034). A booking may carry a
-- proposed viewing time that the other side confirms; an offer is a small state machine whose
-- acceptance creates the buyer's order at the agreed price.
ALTER TABLE "orders" ADD COLUMN "viewing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "viewing_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "viewing_proposed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_viewing_check" CHECK (
  ("viewing_at" is null and "viewing_status" is null and "viewing_proposed_by" is null)
  or ("viewing_at" is not null and "viewing_status" in ('proposed', 'confirmed')
      and "viewing_proposed_by" in ('buyer', 'seller')));--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_floor_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_offer_floor_check" CHECK ("offer_floor_cents" is null or "offer_floor_cents" > 0);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("kind" in ('text', 'offer', 'viewing'));--> statement-breakpoint
CREATE TABLE "offers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id"),
  "buyer_id" uuid NOT NULL REFERENCES "users"("id"),
  "seller_id" uuid NOT NULL REFERENCES "users"("id"),
  "amount_cents" integer NOT NULL,
  "counter_amount_cents" integer,
  "status" text DEFAULT 'pending' NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "order_id" uuid REFERENCES "orders"("id"),
  "customer_phone" text,
  "meeting_location" text,
  "created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "offers_amount_check" CHECK ("amount_cents" > 0),
  CONSTRAINT "offers_counter_check" CHECK ("counter_amount_cents" is null or "counter_amount_cents" > "amount_cents"),
  CONSTRAINT "offers_status_check" CHECK ("status" in ('pending', 'countered', 'accepted', 'declined', 'expired', 'withdrawn')),
  CONSTRAINT "offers_parties_check" CHECK ("buyer_id" <> "seller_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_buyer_key" ON "offers" USING btree ("buyer_id", "product_id") WHERE "offers"."status" in ('pending', 'countered');--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id", "created_at");--> statement-breakpoint
CREATE INDEX "offers_seller_idx" ON "offers" USING btree ("seller_id", "created_at");--> statement-breakpoint
CREATE INDEX "offers_product_idx" ON "offers" USING btree ("product_id", "status");--> statement-breakpoint
CREATE INDEX "offers_open_expiry_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" in ('pending', 'countered');
