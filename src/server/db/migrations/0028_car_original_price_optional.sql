-- A car's seller may leave the original (new) price out (docs/spec-deviations.md): NULL means
-- "not given". The price check keeps holding for a given price (a NULL comparison passes a
-- CHECK). Other categories still require it: the API refuses a listing without it there.
ALTER TABLE "products" ALTER COLUMN "original_price_cents" DROP NOT NULL;
