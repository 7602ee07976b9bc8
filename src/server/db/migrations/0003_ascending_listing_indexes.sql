DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_idx";--> statement-breakpoint
DROP INDEX "products_category_listing_idx";--> statement-breakpoint
DROP INDEX "products_promoted_idx";--> statement-breakpoint
DROP INDEX "products_seller_idx";--> statement-breakpoint
DROP INDEX "products_reported_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_promoted_idx" ON "products" USING btree ("created_at","id") WHERE "products"."promote" and not "products"."order_status" and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_reported_idx" ON "products" USING btree ("report_count","created_at") WHERE "products"."reported" and "products"."deleted_at" is null;