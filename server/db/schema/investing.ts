import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/*
 * The investing board. An idea belongs to the one person who posted
 * it (the document's user_id, created_by and username are one column here: `user_id`, the name
 * read from the profile). Money is numeric(14, 2): whole cents, never floating point.
 */

const INDUSTRY_VALUES = sql.raw(
  `('tech', 'finance', 'healthcare', 'education', 'retail', 'manufacturing', 'energy', 'real_estate', 'agriculture', 'entertainment', 'food', 'transportation', 'other', 'ecommerce')`,
);

export const businessIdeas = pgTable(
  'business_ideas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    fundingGoal: numeric('funding_goal', { precision: 14, scale: 2 }).notNull(),
    fundingReceived: numeric('funding_received', { precision: 14, scale: 2 }).notNull().default('0'),
    equityOffered: numeric('equity_offered', { precision: 4, scale: 1 }),
    industry: text('industry').notNull(),
    risk: text('risk').notNull().default('medium'),
    location: text('location'),
    website: text('website'),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    pitchDeckUrl: text('pitch_deck_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // All Ideas, newest first, walked backward from the cursor.
    index('business_ideas_created_idx').on(t.createdAt, t.id),
    // An industry tab.
    index('business_ideas_industry_idx').on(t.industry, t.createdAt, t.id),
    // A founder's ideas (profile section, account deletion).
    index('business_ideas_user_idx').on(t.userId, t.createdAt, t.id),
    // Search's 'exact' and 'prefix' tiers (docs/decisions/013), walked in order and stopped at the page.
    index('business_ideas_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`, t.id),
    // Search's 'contains' and 'near' tiers: text inside a title.
    index('business_ideas_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('business_ideas_industry', sql`${t.industry} in ${INDUSTRY_VALUES}`),
    check('business_ideas_risk', sql`${t.risk} in ('low', 'medium', 'high')`),
    // The form's limits (common/investing), also for any path that bypasses the API.
    check('business_ideas_goal', sql`${t.fundingGoal} >= 1000`),
    check('business_ideas_received', sql`${t.fundingReceived} >= 0`),
    check(
      'business_ideas_equity',
      sql`${t.equityOffered} is null or (${t.equityOffered} >= 0.1 and ${t.equityOffered} <= 100)`,
    ),
  ],
);

/** An idea's updates (the Updates tab), newest first. */
export const businessUpdates = pgTable(
  'business_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessIdeaId: uuid('business_idea_id')
      .notNull()
      .references(() => businessIdeas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    mediaUrl: text('media_url'),
    mediaType: text('media_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The Updates tab, paged newest first.
    index('business_updates_idea_idx').on(t.businessIdeaId, t.createdAt, t.id),
    check('business_updates_media_type', sql`${t.mediaType} is null or ${t.mediaType} in ('image', 'video')`),
    // Media and its type come together.
    check('business_updates_media', sql`(${t.mediaUrl} is null) = (${t.mediaType} is null)`),
  ],
);

/** Going further: people following an idea, notified of each new update. */
export const businessIdeaFollowers = pgTable(
  'business_idea_followers',
  {
    businessIdeaId: uuid('business_idea_id')
      .notNull()
      .references(() => businessIdeas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessIdeaId, t.userId] }),
    // Account deletion: what a person follows.
    index('business_idea_followers_user_idx').on(t.userId),
  ],
);

/** Going further: who opened an idea's pitch deck, for its founder. One row per idea and reader. */
export const pitchDeckOpens = pgTable(
  'pitch_deck_opens',
  {
    businessIdeaId: uuid('business_idea_id')
      .notNull()
      .references(() => businessIdeas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opens: integer('opens').notNull().default(1),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessIdeaId, t.userId] }),
    // The founder's list, latest first.
    index('pitch_deck_opens_idea_idx').on(t.businessIdeaId, t.lastOpenedAt, t.userId),
    index('pitch_deck_opens_user_idx').on(t.userId),
  ],
);
