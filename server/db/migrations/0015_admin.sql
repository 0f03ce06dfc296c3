CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
-- Written by hand below
-- Bans (issue 20, docs/decisions/017): better-auth's users.banned is the one source of truth; it refuses
-- the sign-in. profiles.is_banned is its copy where every area's queries read people
-- (visiblePerson, the search-words trigger of 0008). The database keeps the two equal whichever is
-- written, so no path (ours, better-auth's, a test, a script) can leave them apart. Each trigger
-- writes the other row only when it differs, so the pair never loops.
UPDATE "users" u SET "banned" = true FROM "profiles" p WHERE p.id = u.id AND p.is_banned AND NOT coalesce(u.banned, false);--> statement-breakpoint
UPDATE "profiles" p SET "is_banned" = coalesce(u.banned, false) FROM "users" u WHERE u.id = p.id AND p.is_banned IS DISTINCT FROM coalesce(u.banned, false);--> statement-breakpoint
CREATE FUNCTION users_banned_to_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET is_banned = coalesce(NEW.banned, false)
    WHERE id = NEW.id AND is_banned IS DISTINCT FROM coalesce(NEW.banned, false);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_banned_sync AFTER UPDATE OF banned ON users
  FOR EACH ROW WHEN (OLD.banned IS DISTINCT FROM NEW.banned) EXECUTE FUNCTION users_banned_to_profiles();--> statement-breakpoint
CREATE FUNCTION profiles_banned_to_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET banned = NEW.is_banned
    WHERE id = NEW.id AND coalesce(banned, false) IS DISTINCT FROM NEW.is_banned;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_banned_sync AFTER UPDATE OF is_banned ON profiles
  FOR EACH ROW WHEN (OLD.is_banned IS DISTINCT FROM NEW.is_banned) EXECUTE FUNCTION profiles_banned_to_users();--> statement-breakpoint
-- A profile made for a user who is already banned starts banned.
CREATE FUNCTION profiles_banned_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_banned := coalesce((SELECT banned FROM users WHERE id = NEW.id), false) OR NEW.is_banned;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_banned_insert BEFORE INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_banned_on_insert();--> statement-breakpoint
-- The admin Users tab walks people newest first by cursor, and the dashboard counts this week's.
CREATE INDEX "profiles_created_idx" ON "profiles" ("created_at" DESC, "id" DESC);
