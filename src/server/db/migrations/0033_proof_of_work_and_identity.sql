-- Proof of work and identity checks (decision 0044).
-- A proof-of-work solution is accepted once: the id (nonce) of each challenge whose solution was
-- used is kept until the challenge expires, and removed after.
CREATE TABLE IF NOT EXISTS "proof_of_work_spent" (
  "challenge_id" text PRIMARY KEY NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proof_of_work_spent_expires_idx" ON "proof_of_work_spent" ("expires_at");--> statement-breakpoint
-- Identity checks: the provider, its session id (Stripe's VerificationSession; null in the
-- sandbox) and the outcome only — never the document, the selfie or what was read from them.
-- An approval also sets "users"."identity_verified_at" (migration 0029).
CREATE TABLE IF NOT EXISTS "identity_checks" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "session_id" text,
  "status" text NOT NULL,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  CONSTRAINT "identity_checks_provider_check" CHECK ("provider" in ('sandbox', 'stripe')),
  CONSTRAINT "identity_checks_status_check" CHECK ("status" in ('pending', 'approved', 'declined', 'canceled'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "identity_checks_user_idx" ON "identity_checks" ("user_id", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "identity_checks_session_key" ON "identity_checks" ("session_id");
