import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Every action a super admin takes (issue 20): bans, deletions, password resets, role changes,
 * article removals, and part B's moderation. Written in the transaction of the action itself, by
 * server/areas/admin/audit-log.ts only. Never updated.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Set null, not cascade: the log outlives a former admin whose account is later removed.
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    // Text, not uuid: a target may be anything (a report, a review, a user).
    targetId: text('target_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The Audit log tab walks it newest first, by cursor (created_at, id).
    index('admin_actions_created_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
);
