CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"owner_id" uuid,
	"reason" text NOT NULL,
	"details" text,
	"excerpt" text,
	"link" text,
	"status" text DEFAULT 'open' NOT NULL,
	"action" text,
	"note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_target_type" CHECK ("reports"."target_type" in ('article', 'group_post', 'business_post', 'comment', 'review', 'message', 'profile')),
	CONSTRAINT "reports_reason" CHECK ("reports"."reason" in ('spam', 'harassment', 'misinformation', 'inappropriate', 'other')),
	CONSTRAINT "reports_status" CHECK ("reports"."status" in ('open', 'resolved')),
	CONSTRAINT "reports_action" CHECK ("reports"."action" is null or "reports"."action" in ('remove', 'ban', 'dismiss')),
	CONSTRAINT "reports_resolution" CHECK (("reports"."status" = 'open') = ("reports"."action" is null and "reports"."resolved_at" is null)),
	CONSTRAINT "reports_details" CHECK (char_length("reports"."details") <= 500),
	CONSTRAINT "reports_note" CHECK (char_length("reports"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_person" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type" CHECK ("notifications"."type" in ('message', 'business_inquiry', 'connection_request', 'group_action', 'business_action', 'reaction', 'comment', 'event_invitation', 'event_rsvp', 'moderation'));