-- Feed kinds, feed tabs and notification types are the areas' to declare (their common models)
-- and register at boot; the registries refuse anything else and the contract test checks every
-- declared one has an owner. A list here would name every area and change with each new one.
ALTER TABLE "feed_items" DROP CONSTRAINT IF EXISTS "feed_items_type";--> statement-breakpoint
ALTER TABLE "feed_items" DROP CONSTRAINT IF EXISTS "feed_items_category";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT IF EXISTS "notifications_type";
