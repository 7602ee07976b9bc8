CREATE TABLE "deposit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'awaiting_card' NOT NULL,
	"intent_id" text,
	"pending_actor_id" uuid,
	"pending_actor_role" text,
	"pending_note" text,
	"held_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"dispute_reason" text,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount_cents" between 1 and 50000),
	CONSTRAINT "deposits_state_check" CHECK (state in ('awaiting_card', 'held', 'releasing', 'released', 'capturing', 'captured', 'disputed', 'refunding', 'refunded', 'kept', 'void'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" DROP CONSTRAINT "sandbox_payment_intents_status_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_events" ADD CONSTRAINT "deposit_events_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_events" ADD CONSTRAINT "deposit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_pending_actor_id_users_id_fk" FOREIGN KEY ("pending_actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_events_deposit_idx" ON "deposit_events" USING btree ("deposit_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_order_key" ON "deposits" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_intent_key" ON "deposits" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "deposits_state_idx" ON "deposits" USING btree ("state","updated_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deposit_check" CHECK ("products"."deposit_cents" between 0 and 50000);--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_capture_method_check" CHECK ("sandbox_payment_intents"."capture_method" in ('automatic', 'manual'));--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_status_check" CHECK ("sandbox_payment_intents"."status" in ('requires_payment_method', 'requires_confirmation', 'processing', 'requires_capture', 'succeeded', 'canceled'));