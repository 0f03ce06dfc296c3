ALTER TABLE "articles" ADD COLUMN "preview" text;--> statement-breakpoint
-- Articles written before this column: their first 200 characters with the commonest markdown
-- marks taken out (the app writes the exact plain text from now on).
UPDATE "articles" SET "preview" = left(regexp_replace(regexp_replace("content", '[#*_`>\[\]]+', '', 'g'), '\s+', ' ', 'g'), 200);--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "preview" SET NOT NULL;
