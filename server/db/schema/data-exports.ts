import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Download your data (server/platform/data-export.ts): the member's one export, built in the
 * background into a ZIP in the data folder, downloadable by them alone until expires_at.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    /** Percent done, for the settings page. */
    progress: integer('progress').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }),
    /** When a process took the build, renewed as it goes: a build not renewed for minutes died with its process. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // One export per member, so one member's exports never fill the disk: a new one replaces the old.
    uniqueIndex('data_exports_one_per_user').on(t.userId),
    // The resume and sweep rounds look exports up by status and expiry.
    index('data_exports_status_idx').on(t.status, t.expiresAt),
    check('data_exports_status', sql`${t.status} in ('queued', 'building', 'ready', 'failed', 'expired')`),
    check('data_exports_progress', sql`${t.progress} between 0 and 100`),
  ],
);
