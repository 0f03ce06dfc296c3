CREATE TABLE "profile_search_words" (
	"profile_id" uuid NOT NULL,
	"head" text NOT NULL,
	"suffix" text NOT NULL,
	CONSTRAINT "profile_search_words_profile_id_head_pk" PRIMARY KEY("profile_id","head")
);
--> statement-breakpoint
ALTER TABLE "profile_search_words" ADD CONSTRAINT "profile_search_words_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_search_words_name_idx" ON "profile_search_words" USING btree ("suffix" text_pattern_ops,"profile_id") WHERE head = '';--> statement-breakpoint
CREATE INDEX "profile_search_words_word_idx" ON "profile_search_words" USING btree ("suffix" text_pattern_ops,"profile_id","head") WHERE head <> '';--> statement-breakpoint
CREATE INDEX "articles_title_prefix_idx" ON "articles" USING btree (lower("title") text_pattern_ops,"id") WHERE status = 'published';--> statement-breakpoint
-- Written by hand (drizzle-kit writes no triggers): profile_search_words follows profiles. A visible
-- person (not deleted, not banned) has a row for each word of search_name (head '' for the first);
-- anyone else has none.
CREATE FUNCTION "profile_search_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM profile_search_words WHERE profile_id = OLD.id;
  END IF;
  IF NEW.deleted_at IS NULL AND NOT NEW.is_banned THEN
    INSERT INTO profile_search_words (profile_id, head, suffix)
    SELECT NEW.id, left(NEW.search_name, i), substr(NEW.search_name, i + 1)
    FROM generate_series(0, length(NEW.search_name) - 1) i
    WHERE i = 0 OR substr(NEW.search_name, i, 1) = ' ';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_search_words_insert" AFTER INSERT ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profile_search_words_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_words_update" AFTER UPDATE ON "profiles"
  FOR EACH ROW WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.is_banned IS DISTINCT FROM NEW.is_banned)
  EXECUTE FUNCTION "profile_search_words_sync"();--> statement-breakpoint
-- ALWAYS: bulk loads that turn triggers off (session_replication_role = replica, as the feed
-- benchmark's generator does) still keep the words.
ALTER TABLE "profiles" ENABLE ALWAYS TRIGGER "profile_search_words_insert";--> statement-breakpoint
ALTER TABLE "profiles" ENABLE ALWAYS TRIGGER "profile_search_words_update";--> statement-breakpoint
INSERT INTO "profile_search_words" ("profile_id", "head", "suffix")
SELECT p.id, left(p.search_name, i), substr(p.search_name, i + 1)
FROM profiles p, generate_series(0, length(p.search_name) - 1) i
WHERE (i = 0 OR substr(p.search_name, i, 1) = ' ') AND p.deleted_at IS NULL AND NOT p.is_banned;
