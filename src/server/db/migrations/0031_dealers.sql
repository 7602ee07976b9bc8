-- Business sellers, inventory import and the dealer API (docs/features.md "Dealers";
-- decision 0046). A seller is 'private' or 'business'; a business seller's trader details
-- (EU Digital Services Act Art. 30(1)) are one JSON document on the user row. Imported listings
-- carry the dealer's own `external_id` (unique per seller), the digest of the row they were last
-- written from (so the same row again changes nothing) and the address each photo was fetched
-- from (so a photo already fetched for that car is not fetched again).
ALTER TABLE "users" ADD COLUMN "seller_type" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trader" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trader_check" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trader_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_seller_type_check" CHECK ("seller_type" in ('private', 'business') and ("seller_type" = 'private' or "trader" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_trader_check_check" CHECK ("trader_check" is null or "trader_check" in ('requested', 'passed', 'failed'));--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_digest" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photo_sources" text[];--> statement-breakpoint
CREATE UNIQUE INDEX "products_seller_external_id_key" ON "products" USING btree ("seller_id","external_id") WHERE "external_id" is not null;--> statement-breakpoint
CREATE TABLE "dealer_imports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seller_id" uuid NOT NULL REFERENCES "users"("id"),
  "source" text NOT NULL,
  "mode" text NOT NULL,
  "dry_run" boolean NOT NULL,
  "created" integer DEFAULT 0 NOT NULL,
  "updated" integer DEFAULT 0 NOT NULL,
  "unchanged" integer DEFAULT 0 NOT NULL,
  "removed" integer DEFAULT 0 NOT NULL,
  "failed" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
  CONSTRAINT "dealer_imports_source_check" CHECK ("source" in ('upload', 'feed')),
  CONSTRAINT "dealer_imports_mode_check" CHECK ("mode" in ('full', 'partial'))
);--> statement-breakpoint
CREATE INDEX "dealer_imports_seller_idx" ON "dealer_imports" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE TABLE "dealer_feeds" (
  "seller_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "url" text NOT NULL,
  "mode" text DEFAULT 'full' NOT NULL,
  "last_run_at" timestamp with time zone,
  "last_import_id" uuid REFERENCES "dealer_imports"("id"),
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
  CONSTRAINT "dealer_feeds_mode_check" CHECK ("mode" in ('full', 'partial'))
);--> statement-breakpoint
CREATE TABLE "dealer_api_keys" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seller_id" uuid NOT NULL REFERENCES "users"("id"),
  "name" text NOT NULL,
  "key_hash" text NOT NULL,
  "prefix" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
  "last_used_at" timestamp with time zone,
  "revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_api_keys_hash_key" ON "dealer_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "dealer_api_keys_seller_idx" ON "dealer_api_keys" USING btree ("seller_id","created_at");
