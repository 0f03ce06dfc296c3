import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Link previews (server/platform/link-preview.ts, docs/decisions/028): one row per normalised
 * address, fetched once and shared by every post, comment or message that links to it. A failed
 * or refused fetch is kept too (status 'failed', with why), so asking again is cheap until it is
 * retried. The image is our own re-encoded copy in storage, named by its key.
 */
export const linkPreviews = pgTable(
  'link_previews',
  {
    url: text('url').primaryKey(),
    status: text('status').notNull(),
    title: text('title'),
    description: text('description'),
    siteName: text('site_name'),
    imageKey: text('image_key'),
    /** Why the fetch failed or was refused (server side only: logs and tests). */
    failure: text('failure'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('link_previews_status', sql`${t.status} in ('ok', 'failed')`),
    // A card always has a title; a failure never has one.
    check('link_previews_ok_has_title', sql`(${t.status} = 'ok') = (${t.title} is not null)`),
  ],
);
