CREATE INDEX IF NOT EXISTS "profiles_skills_gin" ON "profiles" USING gin ("skills");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_company_lower_idx" ON "profiles" USING btree (lower("company")) WHERE "profiles"."company" <> '';
