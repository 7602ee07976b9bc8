CREATE TABLE "moderation_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"decision_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"outcome_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "moderation_appeals_outcome_check" CHECK ("moderation_appeals"."outcome" in ('upheld', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"rule" text,
	"facts" text,
	"automated" boolean DEFAULT false NOT NULL,
	"first_notice_at" timestamp with time zone,
	"previous_promote" boolean,
	"decided_at" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "moderation_decisions_outcome_check" CHECK ("moderation_decisions"."outcome" in ('removed', 'kept')),
	CONSTRAINT "moderation_decisions_statement_check" CHECK ("moderation_decisions"."outcome" <> 'removed' or ("moderation_decisions"."rule" is not null and "moderation_decisions"."facts" is not null))
);
--> statement-breakpoint
CREATE TABLE "moderation_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "moderation_notices_reason_check" CHECK ("moderation_notices"."reason" in ('Scam or fraud', 'Wrong category', 'Prohibited item', 'Offensive content', 'Duplicate listing', 'Other'))
);
--> statement-breakpoint
ALTER TABLE "product_reports" ADD COLUMN "reason" text DEFAULT 'Other' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reports" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_notices" ADD CONSTRAINT "moderation_notices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_notices" ADD CONSTRAINT "moderation_notices_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_decision_key" ON "moderation_appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "moderation_appeals_created_idx" ON "moderation_appeals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_product_idx" ON "moderation_decisions" USING btree ("product_id","decided_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_decided_idx" ON "moderation_decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "moderation_notices_created_idx" ON "moderation_notices" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_reason_check" CHECK ("product_reports"."reason" in ('Scam or fraud', 'Wrong category', 'Prohibited item', 'Offensive content', 'Duplicate listing', 'Other'));--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_note_check" CHECK (char_length("product_reports"."note") <= 1000);