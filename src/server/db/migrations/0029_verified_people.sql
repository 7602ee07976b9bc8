-- Verified people (decision 0044): what each badge promises is kept on the user's row as the
-- time the check was passed. `phone_e164` is the number in E.164 (ITU-T E.164, "+" and up to 15
-- digits); it counts as verified only with `phone_verified_at`. `identity_verified_at` is set
-- when an identity provider approved a document and a selfie; `admin_verified_at` when an admin
-- verified the seller (status 'verified'); sellers verified before this column get their
-- account's creation time, the earliest the verification can have been.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "phone_e164" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "admin_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "admin_verified_at" = "created_at" WHERE "status" = 'verified' AND "admin_verified_at" IS NULL;--> statement-breakpoint
-- One live account per verified number: a number is a person's, and a second account verifying
-- it would make the badge (and the first-contact limits) worth nothing.
CREATE UNIQUE INDEX IF NOT EXISTS "users_verified_phone_key" ON "users" ("phone_e164") WHERE "phone_verified_at" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
-- Codes sent by SMS to verify a number: only a hash of the code is kept (SHA-256 of the code
-- and the row id), with its expiry and the wrong tries made. Rows are also the count of codes
-- sent per number, account and client address in the sending limits.
CREATE TABLE IF NOT EXISTS "phone_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "phone_e164" text NOT NULL,
  "code_hash" text NOT NULL,
  "client_ip" text NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "ended_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_codes_user_idx" ON "phone_codes" ("user_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_codes_phone_idx" ON "phone_codes" ("phone_e164", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_codes_client_idx" ON "phone_codes" ("client_ip", "created_at");
