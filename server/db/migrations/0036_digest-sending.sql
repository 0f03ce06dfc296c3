-- A digest is recorded as 'sending' before its mail is handed to the mail server, and a row left
-- so by a process that died becomes 'unknown' and is never sent again (docs/decisions/029): at
-- most one digest per member and period.
ALTER TABLE "digest_sends" DROP CONSTRAINT "digest_sends_status";--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_status" CHECK ("digest_sends"."status" in ('claimed', 'sending', 'sent', 'skipped', 'failed', 'unknown'));
