import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/*
 * Business pages, their posts and reviews. Comments on posts live in
 * the shared engagement tables under content type 'business_post' (docs/decisions/011). Likes, shares and
 * followers are the spec's own counters beside their rows: every write changes the row and its
 * counter in one statement (business-pages service), and the counters never go below zero.
 */

const CATEGORIES = sql.raw(
  `('Restaurant', 'Retail', 'Technology', 'Healthcare', 'Education', 'Real Estate', 'Automotive', 'Beauty & Wellness', 'Professional Services', 'Other')`,
);

export const businessPages = pgTable(
  'business_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    website: text('website'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    hours: text('hours'),
    followers: integer('followers').notNull().default(0),
    isVerified: boolean('is_verified').notNull().default(false),
    coverImage: text('cover_image'),
    profileImage: text('profile_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first, paged by (created_at, id).
    index('business_pages_created_idx').on(t.createdAt, t.id),
    // The category filter.
    index('business_pages_category_idx').on(t.category, t.createdAt, t.id),
    // An owner's pages (their profile's section, account deletion).
    index('business_pages_owner_idx').on(t.ownerId, t.createdAt, t.id),
    // Search's exact and prefix tiers (docs/decisions/013): names walked in order, stopped at the page.
    index('business_pages_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`, t.id),
    // Search's contains and near tiers, and the list's search box (text inside a name).
    index('business_pages_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('business_pages_category', sql`${t.category} in ${CATEGORIES}`),
    check('business_pages_followers', sql`${t.followers} >= 0`),
    check('business_pages_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('business_pages_website', sql`${t.website} is null or ${t.website} ~* '^https?://'`),
  ],
);

export const businessPageFollowers = pgTable(
  'business_page_followers',
  {
    pageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One follow per person and page, whatever races; the user index serves account deletion.
  (t) => [
    primaryKey({ columns: [t.pageId, t.userId] }),
    index('business_page_followers_user_idx').on(t.userId),
  ],
);

export const businessPosts = pgTable(
  'business_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    likesCount: integer('likes_count').notNull().default(0),
    sharesCount: integer('shares_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A page's posts, newest first, paged by (created_at, id).
    index('business_posts_page_idx').on(t.pageId, t.createdAt, t.id),
    index('business_posts_author_idx').on(t.authorId),
    check('business_posts_counts', sql`${t.likesCount} >= 0 and ${t.sharesCount} >= 0`),
    check('business_posts_content_length', sql`char_length(${t.content}) between 1 and 5000`),
  ],
);

/** One like per person and post (the pair is unique). */
export const businessPostLikes = pgTable(
  'business_post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => businessPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('business_post_likes_user_idx').on(t.userId)],
);

/** A share counts once per person (a second attempt does nothing). */
export const businessPostShares = pgTable(
  'business_post_shares',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => businessPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('business_post_shares_user_idx').on(t.userId)],
);

export const businessReviews = pgTable(
  'business_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    helpfulCount: integer('helpful_count').notNull().default(0),
    // New reviews wait for a moderator (the admin area); only approved ones count and show to others.
    moderationStatus: text('moderation_status').notNull().default('pending'),
    moderationNote: text('moderation_note'),
    flaggedReason: text('flagged_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per person per page, whatever races.
    unique('business_reviews_one_per_person').on(t.pageId, t.userId),
    // A page's approved reviews, newest first, and their average and count.
    index('business_reviews_page_idx').on(t.pageId, t.moderationStatus, t.createdAt, t.id),
    // The moderation queue (admin area) by status, and account deletion.
    index('business_reviews_status_idx').on(t.moderationStatus, t.createdAt),
    index('business_reviews_user_idx').on(t.userId),
    check('business_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('business_reviews_title', sql`char_length(${t.title}) between 3 and 100`),
    check('business_reviews_content', sql`char_length(${t.content}) between 10 and 1000`),
    check('business_reviews_helpful', sql`${t.helpfulCount} >= 0`),
    check(
      'business_reviews_status',
      sql`${t.moderationStatus} in ('pending', 'approved', 'rejected', 'flagged')`,
    ),
  ],
);

/** 'Helpful' counts once per person and review. */
export const businessReviewHelpful = pgTable(
  'business_review_helpful',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => businessReviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index('business_review_helpful_user_idx').on(t.userId),
  ],
);
