CREATE UNLOGGED TABLE "usage_tally" (
	"key" text NOT NULL,
	"w" bigint NOT NULL,
	"instance_id" text NOT NULL,
	"hits" integer NOT NULL,
	"near" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_tally_pk" PRIMARY KEY("key","w","instance_id")
);--> statement-breakpoint
CREATE INDEX "usage_tally_seen_idx" ON "usage_tally" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "usage_tally_near_idx" ON "usage_tally" USING btree ("seen_at") WHERE "near";--> statement-breakpoint
CREATE TABLE "sign_in_backoff" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sign_in_backoff_last_idx" ON "sign_in_backoff" USING btree ("last_at");
