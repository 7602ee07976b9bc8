-- Trust signals (decision 0028): perceptual hashes of photos, the listings' photo hashes in four
-- indexed 16-bit bands (multi-index hashing; each band index INCLUDEs the hash, listing and seller,
-- so the candidates come from index-only scans), a VIN index for the VIN history, reported
-- messages and the risk queue's dismissals.
CREATE TABLE "image_hashes" (
	"url" text PRIMARY KEY NOT NULL,
	"dhash" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_photo_hashes" (
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"seller_id" uuid NOT NULL,
	"dhash" bigint NOT NULL,
	"band0" integer GENERATED ALWAYS AS (((("dhash" >> 48) & 65535))::integer) STORED NOT NULL,
	"band1" integer GENERATED ALWAYS AS (((("dhash" >> 32) & 65535))::integer) STORED NOT NULL,
	"band2" integer GENERATED ALWAYS AS (((("dhash" >> 16) & 65535))::integer) STORED NOT NULL,
	"band3" integer GENERATED ALWAYS AS ((("dhash" & 65535))::integer) STORED NOT NULL,
	CONSTRAINT "product_photo_hashes_product_id_position_pk" PRIMARY KEY("product_id","position")
);
--> statement-breakpoint
ALTER TABLE "product_photo_hashes" ADD CONSTRAINT "product_photo_hashes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "product_photo_hashes_band0_idx" ON "product_photo_hashes" USING btree ("band0") INCLUDE ("dhash", "product_id", "seller_id");
--> statement-breakpoint
CREATE INDEX "product_photo_hashes_band1_idx" ON "product_photo_hashes" USING btree ("band1") INCLUDE ("dhash", "product_id", "seller_id");
--> statement-breakpoint
CREATE INDEX "product_photo_hashes_band2_idx" ON "product_photo_hashes" USING btree ("band2") INCLUDE ("dhash", "product_id", "seller_id");
--> statement-breakpoint
CREATE INDEX "product_photo_hashes_band3_idx" ON "product_photo_hashes" USING btree ("band3") INCLUDE ("dhash", "product_id", "seller_id");
--> statement-breakpoint
-- A listing's photo hashes follow its photos: rewritten whenever `product_images` is written,
-- from the hashes known for those URLs (computed at upload; older photos by the back-fill job).
CREATE FUNCTION "sg_sync_product_photo_hashes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "product_photo_hashes" WHERE "product_id" = NEW."id";
	INSERT INTO "product_photo_hashes" ("product_id", "position", "seller_id", "dhash")
		SELECT NEW."id", photo."ord", NEW."seller_id", h."dhash"
		FROM unnest(NEW."product_images") WITH ORDINALITY AS photo("url", "ord")
		JOIN "image_hashes" h ON h."url" = photo."url";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_photo_hashes_sync" AFTER INSERT OR UPDATE OF "product_images" ON "products" FOR EACH ROW EXECUTE FUNCTION "sg_sync_product_photo_hashes"();
--> statement-breakpoint
CREATE INDEX "products_vin_idx" ON "products" USING btree ("vin", "created_at") WHERE "vin" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"excerpt" jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "message_reports_note_check" CHECK (char_length("message_reports"."note") <= 1000),
	CONSTRAINT "message_reports_reason_check" CHECK ("message_reports"."reason" in ('Scam or fraud', 'Wrong category', 'Prohibited item', 'Offensive content', 'Duplicate listing', 'Other'))
);
--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_message_reporter_key" ON "message_reports" USING btree ("message_id", "reporter_id");
--> statement-breakpoint
CREATE INDEX "message_reports_product_idx" ON "message_reports" USING btree ("product_id", "created_at");
--> statement-breakpoint
CREATE TABLE "risk_dismissals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"note" text NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "risk_dismissals_note_check" CHECK (char_length("risk_dismissals"."note") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "risk_dismissals" ADD CONSTRAINT "risk_dismissals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "risk_dismissals" ADD CONSTRAINT "risk_dismissals_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "risk_dismissals_product_idx" ON "risk_dismissals" USING btree ("product_id", "created_at");
