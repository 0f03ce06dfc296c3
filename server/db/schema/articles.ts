import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Articles. The content is markdown, rendered to safe HTML when read;
 * `excerpt` is its plain text cut at 150 characters. Reactions and comments live in the shared
 * engagement tables under content type 'article'.
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull(),
    // A list card's words (plain text, ARTICLES.previewLength and '…'), written with the content so
    // lists never read or parse whole articles.
    preview: text('preview').notNull(),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    status: text('status').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Search (docs/decisions/009's registry): the title weighs more than the body.
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B')`,
      ),
  },
  (t) => [
    // The All Articles tab, newest published first (scanned backward; only published rows).
    index('articles_published_idx')
      .on(t.publishedAt, t.id)
      .where(sql`status = 'published'`),
    // A category tab.
    index('articles_category_idx')
      .on(t.category, t.publishedAt, t.id)
      .where(sql`status = 'published'`),
    // My Articles, Drafts and a profile's articles.
    index('articles_author_idx').on(t.authorId, t.status, t.updatedAt),
    index('articles_search_idx').using('gin', t.search),
    // Near matches on titles (typos, partial words).
    index('articles_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // Search's 'exact' and 'prefix' tiers (docs/decisions/013): titles equal to or starting with the
    // text, walked in order and stopped at the page.
    index('articles_title_prefix_idx')
      .on(sql`lower(${t.title}) text_pattern_ops`, t.id)
      .where(sql`status = 'published'`),
    check('articles_status', sql`${t.status} in ('draft', 'published')`),
    check('articles_category', sql`${t.category} in ('tech', 'business', 'lifestyle')`),
    // A published article has its time; a draft has none.
    check('articles_published_at', sql`(${t.status} = 'published') = (${t.publishedAt} is not null)`),
  ],
);
