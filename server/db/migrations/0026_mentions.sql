CREATE TABLE "mentions" (
	"content_kind" text NOT NULL,
	"content_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentions_content_kind_user_id_pk" PRIMARY KEY("content_kind","content_id","user_id"),
	CONSTRAINT "mentions_content_kind" CHECK (char_length("mentions"."content_kind") <= 40)
);
--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentions_user_idx" ON "mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mentions_author_idx" ON "mentions" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type" CHECK ("notifications"."type" in ('message', 'business_inquiry', 'connection_request', 'group_action', 'business_action', 'reaction', 'comment', 'event_invitation', 'event_rsvp', 'moderation', 'mention'));
