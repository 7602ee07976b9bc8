-- Decision 0019: price guidance finds comparables by equal lower(make)/lower(model)
-- and a model-year range; mileage and age are checked inside the index. make, model and the
-- price are INCLUDEd so PostgreSQL answers from the index alone (an index-only scan: an
-- expression index alone makes it fetch every row from the table). Partial on the listings
-- that count: not removed, and live or sold.
CREATE INDEX "products_price_guidance_idx" ON "products" USING btree (lower("make"), lower("model"), "model_year", "mileage_km", "created_at") INCLUDE ("resell_price_cents", "make", "model") WHERE "products"."deleted_at" is null and ("products"."order_status" or not "products"."unavailable");
