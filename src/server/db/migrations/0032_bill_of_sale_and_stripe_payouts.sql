-- Protected payment, second part (decision 0042). The bill of sale made on release: the PDF
-- exactly as it was mailed to both sides, kept so that `GET /api/order/{id}/bill-of-sale`
-- serves the same bytes whose SHA-256 `order_payments.bill_of_sale_sha256` records.
CREATE TABLE "bills_of_sale" (
  "order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id"),
  "pdf" bytea NOT NULL,
  "sha256" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
  CONSTRAINT "bills_of_sale_sha256_check" CHECK ("sha256" ~ '^[0-9a-f]{64}$')
);--> statement-breakpoint
-- Payout with Stripe: a Connect Express account made at onboarding can take transfers only once
-- Stripe says so (its `transfers` capability active); until then the release waits. A Stripe
-- payout account has no account number of ours, so no last four digits either.
ALTER TABLE "payout_accounts" ADD COLUMN "stripe_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ALTER COLUMN "last4" DROP NOT NULL;
