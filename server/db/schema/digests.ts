import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * How often a member wants the digest mail (Settings, Notifications). A missing row means the
 * default, weekly (DIGEST_DEFAULT_FREQUENCY in common/digests/model.ts).
 */
export const digestPreferences = pgTable(
  'digest_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('digest_preferences_frequency', sql`${t.frequency} in ('daily', 'weekly', 'off')`)],
);

/**
 * One round of the digest job (server/areas/digests/digests.job.ts) that had members to mail, with
 * what it did: the admin area's Digests tab reads the latest. A round that crashed keeps its
 * counts so far and no `finished_at`.
 */
export const digestRuns = pgTable(
  'digest_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    sent: integer('sent').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  // The admin view reads the newest runs; the prune deletes the oldest.
  (t) => [index('digest_runs_started_idx').on(t.startedAt)],
);

/**
 * One member's digest for one period. The unique (user, frequency, period start) row is the claim:
 * whichever process inserts it first sends that digest, in any number of processes and instances,
 * so nobody gets the same period's digest twice. A claim carries a lease: a row still `claimed`
 * after its lease ended belongs to a process that died before sending, and the next round takes it
 * over (`attempts` counts the tries, bounded). A row is `sending` from just before its mail is handed
 * to the mail server; one left so past its lease becomes `unknown` and is never sent again.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    runId: uuid('run_id').references(() => digestRuns.id, { onDelete: 'set null' }),
    // Why the last try failed (the mailer's message, cut short), for the admin view.
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // The claim: at most one digest per member and period, whatever number of processes run the job.
    uniqueIndex('digest_sends_period_uq').on(t.userId, t.frequency, t.periodStart),
    // The admin view's totals over the last days, and the prune of old rows.
    index('digest_sends_created_idx').on(t.createdAt),
    check('digest_sends_frequency', sql`${t.frequency} in ('daily', 'weekly')`),
    check(
      'digest_sends_status',
      sql`${t.status} in ('claimed', 'sending', 'sent', 'skipped', 'failed', 'unknown')`,
    ),
  ],
);
