CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"title" text,
	"description" text,
	"site_name" text,
	"image_key" text,
	"failure" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_previews_status" CHECK ("link_previews"."status" in ('ok', 'failed')),
	CONSTRAINT "link_previews_ok_has_title" CHECK (("link_previews"."status" = 'ok') = ("link_previews"."title" is not null))
);
