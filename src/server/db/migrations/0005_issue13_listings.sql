ALTER TABLE "categories" ADD COLUMN "holds_vehicles" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_images" text[];--> statement-breakpoint
-- Every existing listing has exactly one photo, its cover.
UPDATE "products" SET "product_images" = ARRAY["product_image"];--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "product_images" SET NOT NULL;--> statement-breakpoint
-- Categories of parts, accessories, tyres and wheels do not hold vehicles.
UPDATE "categories" SET "holds_vehicles" = false WHERE lower("category_name") ~ '(part|accessor|tire|tyre|wheel|battery|batteries)';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unavailable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "make" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_year" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mileage_km" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fuel_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "transmission" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "body_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_images_check" CHECK (cardinality("products"."product_images") between 1 and 10 and "products"."product_images"[1] = "products"."product_image");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fuel_type_check" CHECK ("products"."fuel_type" in ('Petrol', 'Diesel', 'Hybrid', 'Electric', 'Other'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_transmission_check" CHECK ("products"."transmission" in ('Manual', 'Automatic'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_year_check" CHECK ("products"."model_year" between 1886 and 2100);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mileage_check" CHECK ("products"."mileage_km" between 0 and 5000000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vin_check" CHECK ("products"."vin" ~ '^[A-HJ-NPR-Z0-9]{17}$');