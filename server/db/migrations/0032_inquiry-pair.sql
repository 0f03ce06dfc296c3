-- An inquiry is one (kind, id) pair that the area owning the kind answers for, instead of a type
-- and a column per area (docs/decisions/036). The kinds are the ones the areas register:
-- 'business_idea' (investing) and 'business_page' (business pages).
ALTER TABLE "messages" ADD COLUMN "inquiry_kind" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "inquiry_id" uuid;--> statement-breakpoint
UPDATE "messages" SET "inquiry_kind" = 'business_idea', "inquiry_id" = "business_idea_id"
  WHERE "message_type" = 'business_inquiry' AND "business_idea_id" IS NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "inquiry_kind" = 'business_page', "inquiry_id" = "business_page_id"
  WHERE "message_type" = 'business_page' AND "business_page_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "messages_inquiries_idx";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_type";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "message_type";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "business_idea_id";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "business_page_id";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_inquiry_pair" CHECK (("messages"."inquiry_kind" is null) = ("messages"."inquiry_id" is null));--> statement-breakpoint
CREATE INDEX "messages_inquiries_idx" ON "messages" USING btree ("receiver_id","created_at") WHERE "messages"."inquiry_kind" is not null;
