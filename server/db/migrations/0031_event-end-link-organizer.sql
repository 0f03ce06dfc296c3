-- An optional end (after the start) and an online-meeting link on events.
ALTER TABLE "events" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ends_after_start" CHECK ("ends_at" is null or "ends_at" > "starts_at");--> statement-breakpoint
-- The organizer counts as going: every live event whose organizer has no row yet gets their Going
-- answer (where a seat is free), and its count follows.
INSERT INTO "event_invitations" ("event_id", "invitee_id", "status", "responded_at", "changed_at")
  SELECT e."id", e."creator_id", 'accepted', e."created_at", e."created_at" FROM "events" e
  WHERE e."cancelled_at" IS NULL
    AND (e."max_attendees" IS NULL OR e."going_count" < e."max_attendees")
    AND NOT EXISTS (SELECT 1 FROM "event_invitations" i WHERE i."event_id" = e."id" AND i."invitee_id" = e."creator_id");--> statement-breakpoint
UPDATE "events" e SET "going_count" = (SELECT count(*) FROM "event_invitations" i WHERE i."event_id" = e."id" AND i."status" = 'accepted');
