-- One account buys and sells, and protected payment (decision 0042). Every account holds the
-- buyer role; the seller role is `users.role = 'seller'` (registration's choice, or added later
-- with POST /api/profile/seller).
ALTER TABLE "users" ADD COLUMN "is_buyer" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Protected payment: the buyer's money is held for Second Gear until the handover (decision 0042).
CREATE TABLE "order_payments" (
  "order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id"),
  "buyer_id" uuid NOT NULL REFERENCES "users"("id"),
  "seller_id" uuid NOT NULL REFERENCES "users"("id"),
  "transaction_id" text NOT NULL,
  "amount_cents" integer NOT NULL,
  "status" text DEFAULT 'held' NOT NULL,
  "pending" text,
  "handover_code" text NOT NULL,
  "failed_attempts" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone,
  "handed_over_at" timestamp with time zone,
  "held_at" timestamp with time zone DEFAULT now() NOT NULL,
  "released_at" timestamp with time zone,
  "refunded_at" timestamp with time zone,
  "release_reason" text,
  "refund_reason" text,
  "refund_requested_by" text,
  "dispute_reason" text,
  "disputed_by" text,
  "disputed_at" timestamp with time zone,
  "decision_outcome" text,
  "decision_note" text,
  "decided_at" timestamp with time zone,
  "transfer_id" text,
  "refund_id" text,
  "reminders_sent" integer DEFAULT 0 NOT NULL,
  "bill_of_sale_sha256" text,
  "pending_at" timestamp with time zone,
  CONSTRAINT "order_payments_amount_check" CHECK ("amount_cents" > 0),
  CONSTRAINT "order_payments_status_check" CHECK ("status" in ('held', 'released', 'refunded', 'disputed')),
  CONSTRAINT "order_payments_pending_check" CHECK ("pending" is null or "pending" in ('release', 'refund')),
  CONSTRAINT "order_payments_code_check" CHECK ("handover_code" ~ '^[0-9]{6}$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_transaction_key" ON "order_payments" ("transaction_id");--> statement-breakpoint
CREATE INDEX "order_payments_open_idx" ON "order_payments" ("held_at") WHERE "status" in ('held', 'disputed');--> statement-breakpoint
CREATE INDEX "order_payments_seller_idx" ON "order_payments" ("seller_id", "status");--> statement-breakpoint
CREATE TABLE "payment_ledger" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id"),
  "kind" text NOT NULL,
  "amount_cents" integer NOT NULL,
  "provider_ref" text,
  "idempotency_key" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_ledger_kind_check" CHECK ("kind" in ('charge', 'hold', 'release', 'payout', 'refund')),
  CONSTRAINT "payment_ledger_amount_check" CHECK ("amount_cents" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_idempotency_key" ON "payment_ledger" ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_ledger_order_idx" ON "payment_ledger" ("order_id");--> statement-breakpoint
CREATE TABLE "payout_accounts" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "account_holder" text NOT NULL,
  "kind" text NOT NULL,
  "iban" text,
  "routing_number" text,
  "account_number" text,
  "last4" text NOT NULL,
  "stripe_account_id" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payout_accounts_kind_check" CHECK ("kind" in ('iban', 'us_bank', 'stripe'))
);--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
  "id" text PRIMARY KEY NOT NULL,
  "idempotency_key" text NOT NULL,
  "order_id" uuid NOT NULL,
  "amount_cents" integer NOT NULL,
  "destination" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_idempotency_key" ON "sandbox_transfers" ("idempotency_key");
--> statement-breakpoint
-- A refunded sale puts the listing back on the market, so one product may be sold again: one
-- payment per product among those not refunded.
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX "payments_product_key";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_product_key" ON "payments" ("product_id") WHERE "refunded_at" is null;
