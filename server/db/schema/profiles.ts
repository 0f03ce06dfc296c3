import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Public face of an account. Same id as the user it belongs to. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    fullName: text('full_name'),
    email: text('email').notNull(),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    location: text('location'),
    company: text('company'),
    title: text('title'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverPhotoUrl: text('cover_photo_url'),
    verified: boolean('verified').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isBanned: boolean('is_banned').notNull().default(false),
    // A deleted account keeps an anonymous row so the threads of others stay readable.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // What people search matches: full name and username, lower-cased (server/areas/search).
    searchName: text('search_name').generatedAlwaysAs(sql`lower(coalesce(full_name, '') || ' ' || username)`),
  },
  (t) => [
    // 'Alice' and 'alice' are the same username: uniqueness ignores case.
    uniqueIndex('profiles_username_lower_uq').on(sql`lower(${t.username})`),
    // Search: any part of a name, and names that are close (typos), by trigrams.
    index('profiles_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // Search with one or two letters, too short for trigrams: names that start with them.
    index('profiles_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('profiles_full_name_prefix_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
    // People you may know: those who share a skill or the company.
    index('profiles_skills_gin').using('gin', t.skills),
    index('profiles_company_lower_idx')
      .on(sql`lower(${t.company})`)
      .where(sql`${t.company} <> ''`),
  ],
);

/**
 * Every word of a visible person's search_name, as the rest of the name from that word on
 * (`suffix`) and what comes before it (`head`: '' for the first word, else ending in the space), so
 * "the name starts with the text" and "a later word does" are each an ordered walk of one index
 * (search's 'prefix' and 'word' tiers, docs/decisions/013), stopped at the page. Written only by the
 * trigger of migration 0008 on profiles, which keeps the rows of visible people only (not deleted,
 * not banned: visiblePerson's two conditions), so a tier's capped count reads its index alone;
 * search still applies visiblePerson to the rows it shows.
 */
export const profileSearchWords = pgTable(
  'profile_search_words',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    head: text('head').notNull(),
    suffix: text('suffix').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.head] }),
    // The 'prefix' tier: names that start with the text, alphabetically (a space sorts first, so
    // 'ali khan' comes before 'alice').
    index('profile_search_words_name_idx')
      .on(sql`${t.suffix} text_pattern_ops`, t.profileId)
      .where(sql`head = ''`),
    // The 'word' tier: later words (surname, username) that start with the text; head in the
    // index too, for the filters and the count without reading the table.
    index('profile_search_words_word_idx')
      .on(sql`${t.suffix} text_pattern_ops`, t.profileId, t.head)
      .where(sql`head <> ''`),
  ],
);
