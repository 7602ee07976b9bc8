CREATE TABLE "mail_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "mail_deliveries_status_check" CHECK ("mail_deliveries"."status" in ('sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_uid" text NOT NULL,
	"url" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "uploads_bytes_check" CHECK ("uploads"."bytes" >= 0)
);
--> statement-breakpoint
DROP INDEX "categories_name_key";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_uploader_idx" ON "uploads" USING btree ("uploader_uid","created_at");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_live_name_key" ON "categories" USING btree (lower("category_name")) WHERE "categories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "categories_name_key_idx" ON "categories" USING btree ("name_key") WHERE "categories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "categories_created_by_idx" ON "categories" USING btree ("created_by","created_at");