-- Web Push (decision 0045): the browsers' push subscriptions, the per-person push switches, and
-- the once-a-day claim of price-drop alerts per follower and listing.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");--> statement-breakpoint
CREATE TABLE "push_preferences" (
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_preferences_pk" PRIMARY KEY ("user_id", "kind"),
	CONSTRAINT "push_preferences_kind_check" CHECK ("kind" in ('message', 'offer', 'viewing', 'saved-search', 'price-drop'))
);--> statement-breakpoint
CREATE TABLE "price_drop_alerts" (
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"product_id" uuid NOT NULL REFERENCES "products"("id"),
	"alerted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_drop_alerts_pk" PRIMARY KEY ("user_id", "product_id")
);
