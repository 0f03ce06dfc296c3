CREATE TABLE "business_idea_followers" (
	"business_idea_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_idea_followers_business_idea_id_user_id_pk" PRIMARY KEY("business_idea_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "business_ideas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"funding_goal" numeric(14, 2) NOT NULL,
	"funding_received" numeric(14, 2) DEFAULT '0' NOT NULL,
	"equity_offered" numeric(4, 1),
	"industry" text NOT NULL,
	"risk" text DEFAULT 'medium' NOT NULL,
	"location" text,
	"website" text,
	"image_url" text,
	"video_url" text,
	"pitch_deck_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_ideas_industry" CHECK ("business_ideas"."industry" in ('tech', 'finance', 'healthcare', 'education', 'retail', 'manufacturing', 'energy', 'real_estate', 'agriculture', 'entertainment', 'food', 'transportation', 'other', 'ecommerce')),
	CONSTRAINT "business_ideas_risk" CHECK ("business_ideas"."risk" in ('low', 'medium', 'high')),
	CONSTRAINT "business_ideas_goal" CHECK ("business_ideas"."funding_goal" >= 1000),
	CONSTRAINT "business_ideas_received" CHECK ("business_ideas"."funding_received" >= 0),
	CONSTRAINT "business_ideas_equity" CHECK ("business_ideas"."equity_offered" is null or ("business_ideas"."equity_offered" >= 0.1 and "business_ideas"."equity_offered" <= 100))
);
--> statement-breakpoint
CREATE TABLE "business_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_idea_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"media_url" text,
	"media_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_updates_media_type" CHECK ("business_updates"."media_type" is null or "business_updates"."media_type" in ('image', 'video')),
	CONSTRAINT "business_updates_media" CHECK (("business_updates"."media_url" is null) = ("business_updates"."media_type" is null))
);
--> statement-breakpoint
CREATE TABLE "pitch_deck_opens" (
	"business_idea_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opens" integer DEFAULT 1 NOT NULL,
	"first_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitch_deck_opens_business_idea_id_user_id_pk" PRIMARY KEY("business_idea_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "business_idea_followers" ADD CONSTRAINT "business_idea_followers_business_idea_id_business_ideas_id_fk" FOREIGN KEY ("business_idea_id") REFERENCES "public"."business_ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_idea_followers" ADD CONSTRAINT "business_idea_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_ideas" ADD CONSTRAINT "business_ideas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_updates" ADD CONSTRAINT "business_updates_business_idea_id_business_ideas_id_fk" FOREIGN KEY ("business_idea_id") REFERENCES "public"."business_ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_updates" ADD CONSTRAINT "business_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_deck_opens" ADD CONSTRAINT "pitch_deck_opens_business_idea_id_business_ideas_id_fk" FOREIGN KEY ("business_idea_id") REFERENCES "public"."business_ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_deck_opens" ADD CONSTRAINT "pitch_deck_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_idea_followers_user_idx" ON "business_idea_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_ideas_created_idx" ON "business_ideas" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "business_ideas_industry_idx" ON "business_ideas" USING btree ("industry","created_at","id");--> statement-breakpoint
CREATE INDEX "business_ideas_user_idx" ON "business_ideas" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "business_ideas_title_prefix_idx" ON "business_ideas" USING btree (lower("title") text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "business_ideas_title_trgm_idx" ON "business_ideas" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_updates_idea_idx" ON "business_updates" USING btree ("business_idea_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pitch_deck_opens_idea_idx" ON "pitch_deck_opens" USING btree ("business_idea_id","last_opened_at","user_id");--> statement-breakpoint
CREATE INDEX "pitch_deck_opens_user_idx" ON "pitch_deck_opens" USING btree ("user_id");