import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Social groups. A group is public when created; its
 * admins may make it private (docs/product-rules.md: every feature is a real write), and then only its
 * members see it, its posts and its members. Comments and reactions on posts live in the shared engagement
 * tables under content type 'group_post' (docs/decisions/011), so there is no group_comments table.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    coverImage: text('cover_image'),
    isPrivate: boolean('is_private').notNull().default(false),
    // Null once the creator deleted their account (the group stays with its other admins).
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // All Groups, newest first (scanned backward from the cursor).
    index('groups_created_idx').on(t.createdAt, t.id),
    // Search: exact names and name prefixes walk this in order (a text_pattern_ops range).
    index('groups_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`, t.id),
    // Search and the list's filter: text inside the name or description (trigrams).
    index('groups_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('groups_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
    // Creators' groups, for account deletion.
    index('groups_created_by_idx').on(t.createdBy),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One membership per person and group; also the membership probe every private read makes.
    uniqueIndex('group_members_uq').on(t.groupId, t.userId),
    // My Groups and a profile's communities; account deletion.
    index('group_members_user_idx').on(t.userId, t.groupId),
    // The members list and sidebar, oldest member first.
    index('group_members_list_idx').on(t.groupId, t.joinedAt, t.id),
    check('group_members_role', sql`${t.role} in ('admin', 'member')`),
  ],
);

export const groupPosts = pgTable(
  'group_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A group's posts, newest first (scanned backward from the cursor).
    index('group_posts_group_idx').on(t.groupId, t.createdAt, t.id),
    // Account deletion.
    index('group_posts_user_idx').on(t.userId),
  ],
);

export const groupShares = pgTable(
  'group_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => groupPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sharing a post again updates the one share (and its one feed item).
    uniqueIndex('group_shares_uq').on(t.postId, t.userId),
    index('group_shares_user_idx').on(t.userId),
  ],
);

export const groupJoinRequests = pgTable(
  'group_join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One request per person and group: asking again after a rejection makes it pending again.
    uniqueIndex('group_join_requests_uq').on(t.groupId, t.userId),
    // The admins' Join Requests panel: pending ones, oldest first.
    index('group_join_requests_pending_idx')
      .on(t.groupId, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('group_join_requests_user_idx').on(t.userId),
    check('group_join_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedUserId: uuid('invited_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One invitation per person and group: re-inviting after a decline resets it.
    uniqueIndex('group_invitations_uq').on(t.groupId, t.invitedUserId),
    index('group_invitations_user_idx').on(t.invitedUserId),
    index('group_invitations_by_idx').on(t.invitedBy),
    check('group_invitations_status', sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);
