-- A listing's own VIN is decoded once, by a job queued when the listing is saved, and the answer
-- kept with it (docs/reliability.md, the fourth attack: a listing page waited for its VIN's
-- decode behind a queue of other VINs). `{vin, decoded}`: the VIN it was decoded for (a changed
-- VIN makes it stale) and what vPIC says (null for a VIN it does not know). Null until decoded.
ALTER TABLE "products" ADD COLUMN "vin_decoded" jsonb;
