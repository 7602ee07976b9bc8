-- Search at 1M listings (decision 0012, "How it scales"): the "verified sellers" filter
-- becomes a column of products instead of a join to users, so an index can hold it.
ALTER TABLE "products" ADD COLUMN "seller_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Back-fill: every listing of a seller verified today.
UPDATE "products" SET "seller_verified" = true FROM "users" WHERE "users"."id" = "products"."seller_id" AND "users"."status" = 'verified';--> statement-breakpoint
-- Kept by PostgreSQL, so no code path that creates listings or changes a user's status can forget
-- it. On a listing's insert (or a change of its seller, or any write to the column itself) the
-- value is read from the seller, locking the seller's row FOR SHARE: a concurrent change of the
-- seller's status waits for this insert (whose listing it then updates), or this insert waits for
-- it and reads the new status. Never a stale copy.
CREATE OR REPLACE FUNCTION "sg_products_seller_verified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."seller_verified" := coalesce(
    (SELECT "status" = 'verified' FROM "users" WHERE "id" = NEW."seller_id" FOR SHARE), false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_seller_verified" BEFORE INSERT OR UPDATE OF "seller_id", "seller_verified" ON "products" FOR EACH ROW EXECUTE FUNCTION "sg_products_seller_verified"();--> statement-breakpoint
-- A user's status change rewrites every listing of theirs, in the same transaction (the
-- moderator's verify, docs/product.md §4).
CREATE OR REPLACE FUNCTION "sg_users_seller_verified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "seller_verified" = (NEW."status" = 'verified')
  WHERE "seller_id" = NEW."id" AND "seller_verified" IS DISTINCT FROM (NEW."status" = 'verified');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_seller_verified" AFTER UPDATE OF "status" ON "users" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "sg_users_seller_verified"();--> statement-breakpoint
-- Keywords among verified sellers' listings (a third of them at 1M): both keyword halves in one
-- GIN index, partial on the seller being verified.
CREATE INDEX "products_search_verified_idx" ON "products" USING gin ("search_vector","search_text" gin_trgm_ops) WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false and "products"."seller_verified";
