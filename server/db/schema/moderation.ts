import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/*
 * Members' reports of content and people (issue 20 part B). A report names its target by type and
 * id, not by a foreign key: the thing may be removed while the report stays as the record of what
 * was done. The review moderation queue lives on business_reviews itself (schema/business-pages.ts).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    // Who wrote the reported thing (the person, for a profile): what "ban" acts on.
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details'),
    // What the reporter saw, kept for the admin: the thing may change or go.
    excerpt: text('excerpt'),
    link: text('link'),
    status: text('status').notNull().default('open'),
    action: text('action'),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per person per thing, whatever races; once resolved they may report again.
    uniqueIndex('reports_one_open_per_person')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The Reports tab: open or resolved, newest first (cursor on created_at, id).
    index('reports_status_idx').on(t.status, t.createdAt, t.id),
    // Resolving closes every open report of the same thing at once.
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_owner_idx').on(t.ownerId),
    check(
      'reports_target_type',
      sql`${t.targetType} in ('article', 'group_post', 'business_post', 'comment', 'review', 'message', 'profile', 'forum_post', 'forum_reply')`,
    ),
    check(
      'reports_reason',
      sql`${t.reason} in ('spam', 'harassment', 'misinformation', 'inappropriate', 'other')`,
    ),
    check('reports_status', sql`${t.status} in ('open', 'resolved')`),
    check('reports_action', sql`${t.action} is null or ${t.action} in ('remove', 'ban', 'dismiss')`),
    // Open reports carry no outcome; resolved ones say what was done, by whom and when.
    check(
      'reports_resolution',
      sql`(${t.status} = 'open') = (${t.action} is null and ${t.resolvedAt} is null)`,
    ),
    check('reports_details', sql`char_length(${t.details}) <= 500`),
    check('reports_note', sql`char_length(${t.note}) <= 500`),
  ],
);
