-- Offers and viewings get mail switches of their own (decision 0049): `order-update` covered
-- them with declined and cancelled bookings, so turning one off silenced the others.
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('booking', 'offer', 'viewing', 'order-update', 'message'));
--> statement-breakpoint
-- Whoever turned the old switch off asked not to get these mails: the new switches start off for
-- them too (no row still means on for everyone else).
INSERT INTO "notification_preferences" ("user_id", "kind", "enabled")
SELECT "user_id", "new_kind", false
FROM "notification_preferences", (VALUES ('offer'), ('viewing')) AS "kinds" ("new_kind")
WHERE "kind" = 'order-update' AND "enabled" = false
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The IANA time zone the user's mail writes times in; null until the browser or the user sets it.
ALTER TABLE "users" ADD COLUMN "time_zone" text;
