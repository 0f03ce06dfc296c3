import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The content types that take reactions and comments: ENGAGEMENT_CONTENT_TYPES in
 * common/reactions/model.ts, those of areas still to come included (the contract test compares
 * the two). The database states them too, so no other path writes engagement on an unknown kind.
 */
const CONTENT_TYPES = sql.raw(
  `('article', 'group_post', 'forum_post', 'forum_reply', 'forum_comment', 'business_post')`,
);

/**
 * Reactions and comments on any kind of content (articles, group posts, forum posts...), one pair of
 * tables for every area (docs/decisions/011). `content_type` names the kind; the content target registry
 * (server/platform/content-targets.ts) says which types exist, who owns a piece of content and who
 * may see it. No foreign key to the content: the area deletes its engagement with the content, in
 * the same transaction.
 */
export const reactions = pgTable(
  'reactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    contentId: uuid('content_id').notNull(),
    reactionType: text('reaction_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one reaction of each type per person on a thing, whatever races.
    // Its prefix also serves the counts of one piece of content.
    uniqueIndex('reactions_uq').on(t.contentType, t.contentId, t.userId, t.reactionType),
    // Removing a person's reactions.
    index('reactions_user_idx').on(t.userId),
    check('reactions_content_type', sql`${t.contentType} in ${CONTENT_TYPES}`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentType: text('content_type').notNull(),
    contentId: uuid('content_id').notNull(),
    // A reply's parent; deleting a comment deletes its replies.
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    // 0 for a top-level comment, the parent's depth + 1 for a reply (each area sets its limit).
    depth: smallint('depth').notNull().default(0),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One thing's comments, oldest first, paged by (created_at, id).
    index('comments_content_idx').on(t.contentType, t.contentId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.parentId),
    index('comments_user_idx').on(t.userId),
    check('comments_content_length', sql`char_length(${t.content}) between 1 and 2000`),
    check('comments_depth', sql`${t.depth} >= 0`),
    check('comments_content_type', sql`${t.contentType} in ${CONTENT_TYPES}`),
  ],
);
