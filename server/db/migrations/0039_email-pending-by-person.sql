-- The mailer claims one person's pending notifications at a time (user_id = $1 and email_pending):
-- keyed by person, the partial index finds just theirs instead of every pending row.
CREATE INDEX "notifications_email_pending_user_idx" ON "notifications" USING btree ("user_id","updated_at") WHERE "notifications"."email_pending";--> statement-breakpoint
DROP INDEX "notifications_email_pending_idx";
