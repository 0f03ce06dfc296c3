-- Custom SQL migration file, put your code below! --
-- Written by hand below
-- Search finds people by title, company, location and skills too (issue 21): what a profile says
-- about its person, lower-cased, one string. Immutable so an index can hold it: it reads only its
-- arguments (array_to_string of text is as fixed as the text).
CREATE OR REPLACE FUNCTION profile_about(title text, company text, location text, skills text[])
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(concat_ws(' ', title, company, location, array_to_string(skills, ' '))) $$;
--> statement-breakpoint
-- The people search 'about' tier (server/areas/profiles/people-search.ts): a word of it starting
-- with the text, found by trigrams (no index orders such matches; the tier sorts its candidates).
CREATE INDEX "profiles_about_trgm" ON "profiles" USING gin (profile_about("title", "company", "location", "skills") gin_trgm_ops);
