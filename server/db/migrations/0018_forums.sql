CREATE TABLE "forum_group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	CONSTRAINT "forum_group_members_role" CHECK ("forum_group_members"."role" in ('owner', 'moderator', 'member')),
	CONSTRAINT "forum_group_members_status" CHECK ("forum_group_members"."status" in ('pending', 'approved')),
	CONSTRAINT "forum_group_members_owner_approved" CHECK ("forum_group_members"."role" <> 'owner' or "forum_group_members"."status" = 'approved')
);
--> statement-breakpoint
CREATE TABLE "forum_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_groups_name_length" CHECK (char_length("forum_groups"."name") between 1 and 100),
	CONSTRAINT "forum_groups_description_length" CHECK (char_length("forum_groups"."description") <= 500)
);
--> statement-breakpoint
CREATE TABLE "forum_post_views" (
	"post_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "forum_post_views_post_id_viewer_id_hour_pk" PRIMARY KEY("post_id","viewer_id","hour")
);
--> statement-breakpoint
CREATE TABLE "forum_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replies_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "forum_posts_category" CHECK ("forum_posts"."category" in ('general', 'technology', 'business', 'help')),
	CONSTRAINT "forum_posts_title_length" CHECK (char_length("forum_posts"."title") between 1 and 200),
	CONSTRAINT "forum_posts_content_length" CHECK (char_length("forum_posts"."content") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "forum_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_replies_content_length" CHECK (char_length("forum_replies"."content") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "forum_group_members" ADD CONSTRAINT "forum_group_members_group_id_forum_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."forum_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_group_members" ADD CONSTRAINT "forum_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_group_members" ADD CONSTRAINT "forum_group_members_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_groups" ADD CONSTRAINT "forum_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_post_views" ADD CONSTRAINT "forum_post_views_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_post_views" ADD CONSTRAINT "forum_post_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_group_id_forum_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."forum_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_group_members_uq" ON "forum_group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "forum_group_members_user_idx" ON "forum_group_members" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "forum_group_members_list_idx" ON "forum_group_members" USING btree ("group_id","status","joined_at","id");--> statement-breakpoint
CREATE INDEX "forum_group_members_approved_by_idx" ON "forum_group_members" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "forum_groups_created_idx" ON "forum_groups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "forum_groups_name_prefix_idx" ON "forum_groups" USING btree (lower("name") text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "forum_groups_name_trgm_idx" ON "forum_groups" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forum_groups_created_by_idx" ON "forum_groups" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "forum_post_views_viewer_idx" ON "forum_post_views" USING btree ("viewer_id");--> statement-breakpoint
CREATE INDEX "forum_posts_group_idx" ON "forum_posts" USING btree ("group_id","is_pinned","created_at","id");--> statement-breakpoint
CREATE INDEX "forum_posts_created_idx" ON "forum_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "forum_posts_author_idx" ON "forum_posts" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_posts_title_prefix_idx" ON "forum_posts" USING btree (lower("title") text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "forum_posts_title_trgm_idx" ON "forum_posts" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forum_replies_post_idx" ON "forum_replies" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "forum_replies_author_idx" ON "forum_replies" USING btree ("author_id");