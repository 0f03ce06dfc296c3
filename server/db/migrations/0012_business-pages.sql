CREATE TABLE "business_page_followers" (
	"business_page_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_page_followers_business_page_id_user_id_pk" PRIMARY KEY("business_page_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "business_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"website" text,
	"phone" text,
	"email" text,
	"address" text,
	"hours" text,
	"followers" integer DEFAULT 0 NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"cover_image" text,
	"profile_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_pages_category" CHECK ("business_pages"."category" in ('Restaurant', 'Retail', 'Technology', 'Healthcare', 'Education', 'Real Estate', 'Automotive', 'Beauty & Wellness', 'Professional Services', 'Other')),
	CONSTRAINT "business_pages_followers" CHECK ("business_pages"."followers" >= 0),
	CONSTRAINT "business_pages_name_length" CHECK (char_length("business_pages"."name") between 1 and 100),
	CONSTRAINT "business_pages_website" CHECK ("business_pages"."website" is null or "business_pages"."website" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "business_post_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "business_post_shares" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_post_shares_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "business_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_page_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"shares_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_posts_counts" CHECK ("business_posts"."likes_count" >= 0 and "business_posts"."shares_count" >= 0),
	CONSTRAINT "business_posts_content_length" CHECK (char_length("business_posts"."content") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "business_review_helpful" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "business_review_helpful_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "business_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_page_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"moderation_status" text DEFAULT 'pending' NOT NULL,
	"moderation_note" text,
	"flagged_reason" text,
	"moderated_at" timestamp with time zone,
	"moderated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_reviews_one_per_person" UNIQUE("business_page_id","user_id"),
	CONSTRAINT "business_reviews_rating" CHECK ("business_reviews"."rating" between 1 and 5),
	CONSTRAINT "business_reviews_title" CHECK (char_length("business_reviews"."title") between 3 and 100),
	CONSTRAINT "business_reviews_content" CHECK (char_length("business_reviews"."content") between 10 and 1000),
	CONSTRAINT "business_reviews_helpful" CHECK ("business_reviews"."helpful_count" >= 0),
	CONSTRAINT "business_reviews_status" CHECK ("business_reviews"."moderation_status" in ('pending', 'approved', 'rejected', 'flagged'))
);
--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_content_type";--> statement-breakpoint
ALTER TABLE "reactions" DROP CONSTRAINT "reactions_content_type";--> statement-breakpoint
ALTER TABLE "business_page_followers" ADD CONSTRAINT "business_page_followers_business_page_id_business_pages_id_fk" FOREIGN KEY ("business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_page_followers" ADD CONSTRAINT "business_page_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_pages" ADD CONSTRAINT "business_pages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_post_likes" ADD CONSTRAINT "business_post_likes_post_id_business_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."business_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_post_likes" ADD CONSTRAINT "business_post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_post_shares" ADD CONSTRAINT "business_post_shares_post_id_business_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."business_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_post_shares" ADD CONSTRAINT "business_post_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_posts" ADD CONSTRAINT "business_posts_business_page_id_business_pages_id_fk" FOREIGN KEY ("business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_posts" ADD CONSTRAINT "business_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_review_helpful" ADD CONSTRAINT "business_review_helpful_review_id_business_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."business_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_review_helpful" ADD CONSTRAINT "business_review_helpful_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_reviews" ADD CONSTRAINT "business_reviews_business_page_id_business_pages_id_fk" FOREIGN KEY ("business_page_id") REFERENCES "public"."business_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_reviews" ADD CONSTRAINT "business_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_reviews" ADD CONSTRAINT "business_reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_page_followers_user_idx" ON "business_page_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_pages_created_idx" ON "business_pages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "business_pages_category_idx" ON "business_pages" USING btree ("category","created_at","id");--> statement-breakpoint
CREATE INDEX "business_pages_owner_idx" ON "business_pages" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "business_pages_name_prefix_idx" ON "business_pages" USING btree (lower("name") text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "business_pages_name_trgm_idx" ON "business_pages" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_post_likes_user_idx" ON "business_post_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_post_shares_user_idx" ON "business_post_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_posts_page_idx" ON "business_posts" USING btree ("business_page_id","created_at","id");--> statement-breakpoint
CREATE INDEX "business_posts_author_idx" ON "business_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "business_review_helpful_user_idx" ON "business_review_helpful" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_reviews_page_idx" ON "business_reviews" USING btree ("business_page_id","moderation_status","created_at","id");--> statement-breakpoint
CREATE INDEX "business_reviews_status_idx" ON "business_reviews" USING btree ("moderation_status","created_at");--> statement-breakpoint
CREATE INDEX "business_reviews_user_idx" ON "business_reviews" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_content_type" CHECK ("comments"."content_type" in ('article', 'group_post', 'forum_post', 'forum_reply', 'forum_comment', 'business_post'));--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_content_type" CHECK ("reactions"."content_type" in ('article', 'group_post', 'forum_post', 'forum_reply', 'forum_comment', 'business_post'));