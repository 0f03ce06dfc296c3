import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The home feed: one row per piece of content, written only by
 * publishToFeed (server/areas/feed/feed.service.ts). Pages are read newest first by `id`.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    // Ordered by insertion: a page continues below the last id it showed, and "new since" is `id > x`.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    // The filter tab that shows the item (null: under All only): the category of its kind, as the
    // publishing area registered it (server/platform/feed-kinds.ts), stored when it is published.
    category: text('category'),
    title: text('title').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    // An item always has an author; their tombstone (deleted account) hides it.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The content the item stands for: with `type`, unique, so publishing twice updates one row.
    contentId: text('content_id').notNull(),
    // Where the card leads (an app path), as the publishing area said; the feed never derives it.
    link: text('link'),
    // Only this group's members see the item (posts of a private group); null: everyone.
    audienceGroupId: uuid('audience_group_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feed_items_content_uq').on(t.type, t.contentId),
    // A filter tab's pages, newest first (scanned backward).
    index('feed_items_category_idx').on(t.category, t.id),
    // Removing a person's items (account deletion).
    index('feed_items_user_idx').on(t.userId),
    // No check on type or category: the areas register their kinds (platform/feed-kinds.ts).
  ],
);
