import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
 * copies, the bytes they take, and when an area first used it. Uploads no area uses within two hours
 * are swept (and count against their owner's quota until then); all of a person's are deleted with
 * their account.
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
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`attached_at is null`),
  ],
);
