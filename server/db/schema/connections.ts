import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Follows, friend requests and friendships (docs/product-rules.md: one reading). One row
 * per direction: `user_id` follows or asked `connected_user_id`; friends hold a row each way.
 */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectedUserId: uuid('connected_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per direction: a racing duplicate request fails here instead of adding a second row.
    uniqueIndex('connections_pair_uq').on(t.userId, t.connectedUserId),
    // Followers and incoming requests of a person, newest first (scanned backward).
    index('connections_target_idx').on(t.connectedUserId, t.status, t.createdAt, t.id),
    // A person's own rows by status (following, friends), newest first.
    index('connections_owner_idx').on(t.userId, t.status, t.createdAt, t.id),
    check('connections_status', sql`${t.status} in ('following', 'friend_requested', 'friends')`),
    check('connections_not_self', sql`${t.userId} <> ${t.connectedUserId}`),
  ],
);

/** Blocking: each hides from the other and refuses the other's messages, follows and requests. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Who blocked me" for the reverse check and for hiding both ways in feed and search.
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * "People you may know" the person dismissed (issue 21): never suggested to them again. Gone with
 * either account.
 */
export const suggestionDismissals = pgTable(
  'suggestion_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedId: uuid('dismissed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dismissedId] })],
);
