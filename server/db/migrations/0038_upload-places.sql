CREATE UNLOGGED TABLE "upload_places" (
	"id" uuid PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "upload_places_person_idx" ON "upload_places" USING btree ("person_id","expires_at");
