CREATE TABLE "event_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"inviter_id" uuid,
	"status" text NOT NULL,
	"responded_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_invitations_status" CHECK ("event_invitations"."status" in ('pending', 'accepted', 'maybe', 'declined', 'waitlisted'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"type" text DEFAULT 'in_person' NOT NULL,
	"cover_photo_url" text,
	"max_attendees" integer,
	"going_count" integer DEFAULT 0 NOT NULL,
	"maybe_count" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_type" CHECK ("events"."type" in ('in_person', 'online')),
	CONSTRAINT "events_max_attendees" CHECK ("events"."max_attendees" is null or "events"."max_attendees" >= 1),
	CONSTRAINT "events_capacity" CHECK ("events"."going_count" >= 0 and "events"."maybe_count" >= 0 and ("events"."max_attendees" is null or "events"."going_count" <= "events"."max_attendees"))
);
--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_invitations_event_invitee_idx" ON "event_invitations" USING btree ("event_id","invitee_id");--> statement-breakpoint
CREATE INDEX "event_invitations_guests_idx" ON "event_invitations" USING btree ("event_id","status","changed_at","invitee_id");--> statement-breakpoint
CREATE INDEX "event_invitations_invitee_idx" ON "event_invitations" USING btree ("invitee_id","status");--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_at","id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "events_creator_idx" ON "events" USING btree ("creator_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_title_prefix_idx" ON "events" USING btree (lower("title") text_pattern_ops,"id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin (lower("title") gin_trgm_ops);