-- The feed knows no area (docs/decisions/009): the publishing area hands it the category and the link.
-- Existing rows keep the category their type gave them, now a plain column (the (category, id)
-- index stays as it is).
ALTER TABLE "feed_items" ALTER COLUMN "category" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "link" text;--> statement-breakpoint
-- Where existing cards led, computed as the web app did from the type and the ids (feedItemHref).
UPDATE "feed_items" SET "link" = CASE "type"
	WHEN 'article' THEN '/articles/' || coalesce("article_id"::text, "content_id")
	WHEN 'group_post' THEN coalesce('/groups/' || "group_id"::text, '/groups')
	WHEN 'group' THEN coalesce('/groups/' || "group_id"::text, '/groups')
	WHEN 'shared_post' THEN coalesce('/groups/' || "group_id"::text, '/groups')
	WHEN 'business_idea' THEN '/investing'
	WHEN 'event' THEN '/events'
	WHEN 'forum_post' THEN coalesce('/forums/post/' || "forum_post_id"::text, '/forums')
	WHEN 'forum_reply' THEN coalesce('/forums/post/' || "forum_post_id"::text, '/forums')
	WHEN 'forum_group_created' THEN coalesce('/forums/group/' || "forum_group_id"::text, '/forums')
	WHEN 'business_page' THEN coalesce('/business-pages/' || "business_page_id"::text, '/business')
	WHEN 'business_update' THEN coalesce('/business-pages/' || "business_page_id"::text, '/business')
	WHEN 'new_user' THEN '/profile/' || "user_id"::text
	END;--> statement-breakpoint
ALTER TABLE "feed_items" DROP COLUMN "article_id";--> statement-breakpoint
ALTER TABLE "feed_items" DROP COLUMN "group_id";--> statement-breakpoint
ALTER TABLE "feed_items" DROP COLUMN "forum_post_id";--> statement-breakpoint
ALTER TABLE "feed_items" DROP COLUMN "forum_group_id";--> statement-breakpoint
ALTER TABLE "feed_items" DROP COLUMN "business_page_id";--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_content_type" CHECK ("comments"."content_type" in ('article', 'group_post', 'forum_post', 'forum_reply', 'forum_comment'));--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_content_type" CHECK ("reactions"."content_type" in ('article', 'group_post', 'forum_post', 'forum_reply', 'forum_comment'));--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_category" CHECK ("feed_items"."category" in ('groups', 'articles', 'events', 'investing', 'forums'));
