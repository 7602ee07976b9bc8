-- A saved search keeps the search's kind (`kind`: vehicles or parts and accessories, from the
-- category's `holds_vehicles`; decision 0047) as a match column, so its alerts match it as the
-- search does; '' is any kind. Searches saved with it before are filled in from their stored
-- query.
ALTER TABLE "saved_searches" ADD COLUMN "kind_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "saved_searches" SET "kind_key" = "query"->>'kind' WHERE "query"->>'kind' in ('vehicles', 'parts');
