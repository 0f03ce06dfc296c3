import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Forum groups. Every forum group is public (is_public is kept from
 * the document, always true): anyone reads its posts, approved members write. Reactions on posts,
 * replies and comments, and the comments nested under replies, live in the shared engagement
 * tables under content types 'forum_post', 'forum_reply' and 'forum_comment' (docs/decisions/011), so
 * there is no forum_reply_comments table nor three reaction tables.
 */
export const forumGroups = pgTable(
  'forum_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    coverImage: text('cover_image'),
    isPublic: boolean('is_public').notNull().default(true),
    // Null once the creator deleted their account.
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // All Groups, newest first (scanned backward from the cursor).
    index('forum_groups_created_idx').on(t.createdAt, t.id),
    // Search: exact names and name prefixes walk this in order (a text_pattern_ops range).
    index('forum_groups_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`, t.id),
    // Search and the list's filter: text inside the name or description (trigrams).
    index('forum_groups_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('forum_groups_created_by_idx').on(t.createdBy),
    check('forum_groups_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('forum_groups_description_length', sql`char_length(${t.description}) <= 500`),
  ],
);

export const forumGroupMembers = pgTable(
  'forum_group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => forumGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    status: text('status').notNull().default('pending'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One row per person and group (a request or a membership); the probe every write makes.
    uniqueIndex('forum_group_members_uq').on(t.groupId, t.userId),
    // My Groups and a profile's communities; account deletion.
    index('forum_group_members_user_idx').on(t.userId, t.groupId),
    // The Members and Pending Requests tabs, oldest first, and the approved count.
    index('forum_group_members_list_idx').on(t.groupId, t.status, t.joinedAt, t.id),
    index('forum_group_members_approved_by_idx').on(t.approvedBy),
    check('forum_group_members_role', sql`${t.role} in ('owner', 'moderator', 'member')`),
    check('forum_group_members_status', sql`${t.status} in ('pending', 'approved')`),
    // The owner is set on creation, approved, and cannot change.
    check('forum_group_members_owner_approved', sql`${t.role} <> 'owner' or ${t.status} = 'approved'`),
  ],
);

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => forumGroups.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Kept by the replies and views writes, in their transactions (read on every list).
    repliesCount: integer('replies_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    isPinned: boolean('is_pinned').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
  },
  (t) => [
    // A group's posts: pinned first, then newest (scanned backward from the cursor).
    index('forum_posts_group_idx').on(t.groupId, t.isPinned, t.createdAt, t.id),
    // Search's title-word tier, newest first (scanned backward).
    index('forum_posts_created_idx').on(t.createdAt, t.id),
    // A profile's posts; account deletion.
    index('forum_posts_author_idx').on(t.authorId, t.createdAt),
    // Search: title prefixes in order, and text inside titles.
    index('forum_posts_title_prefix_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`, t.id),
    index('forum_posts_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('forum_posts_category', sql`${t.category} in ('general', 'technology', 'business', 'help')`),
    check('forum_posts_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('forum_posts_content_length', sql`char_length(${t.content}) between 1 and 10000`),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A post's replies, oldest first, paged by (created_at, id).
    index('forum_replies_post_idx').on(t.postId, t.createdAt, t.id),
    index('forum_replies_author_idx').on(t.authorId),
    check('forum_replies_content_length', sql`char_length(${t.content}) between 1 and 5000`),
  ],
);

/**
 * One row per post, viewer and hour: a view counts once per person per hour, not per reload
 * (the primary key makes a second view in the same hour a no-op).
 */
export const forumPostViews = pgTable(
  'forum_post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.viewerId, t.hour] }),
    // Account deletion.
    index('forum_post_views_viewer_idx').on(t.viewerId),
  ],
);
