import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Per-person and per-account limits (server/platform/rate-limit.ts): one counter per key and fixed
 * window, kept in the database so every instance counts the same hits. Old windows are swept.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('usage_counters_window_idx').on(t.windowStart),
  ],
);

/**
 * Every file a person uploaded (server/platform/upload-ledger.ts): the storage prefix holding its
 * copies, and when an area first used it. Uploads no area uses within a day are swept; all of a
 * person's are deleted with their account.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`attached_at is null`),
  ],
);
