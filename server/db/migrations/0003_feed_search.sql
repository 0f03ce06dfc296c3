-- Trigram matching for search (names, typos). Trusted since PostgreSQL 13: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "feed_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"category" text GENERATED ALWAYS AS (case type
        when 'article' then 'articles'
        when 'group_post' then 'groups' when 'group' then 'groups' when 'shared_post' then 'groups'
        when 'business_idea' then 'investing'
        when 'event' then 'events'
        when 'forum_post' then 'forums' when 'forum_reply' then 'forums' when 'forum_group_created' then 'forums'
        end) STORED,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"user_id" uuid NOT NULL,
	"content_id" text NOT NULL,
	"article_id" uuid,
	"group_id" uuid,
	"forum_post_id" uuid,
	"forum_group_id" uuid,
	"business_page_id" uuid,
	"audience_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_items_type" CHECK ("feed_items"."type" in ('new_user', 'article', 'group_post', 'group', 'shared_post', 'business_idea', 'event', 'forum_post', 'forum_reply', 'forum_group_created', 'business_page', 'business_update'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(coalesce(full_name, '') || ' ' || username)) STORED;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_items_content_uq" ON "feed_items" USING btree ("type","content_id");--> statement-breakpoint
CREATE INDEX "feed_items_category_idx" ON "feed_items" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "feed_items_user_idx" ON "feed_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profiles_search_name_trgm" ON "profiles" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_username_prefix_idx" ON "profiles" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_prefix_idx" ON "profiles" USING btree (lower("full_name") text_pattern_ops);