import { z } from 'zod';
import { FEED, FEED_FILTERS, FEED_MSG } from './feed';
import { SEARCH, SEARCH_MSG } from './search';

/** A feed item id as the cursor: a positive decimal integer. */
const ZFeedCursor = z
  .string()
  .refine((s) => /^[1-9][0-9]{0,18}$/.test(s) && BigInt(s) <= 9223372036854775807n, {
    error: FEED_MSG.invalidCursor,
  });

export const ZFeedQuery = z.object({
  filter: z.enum(FEED_FILTERS, { error: FEED_MSG.invalidFilter }).default('all'),
  cursor: ZFeedCursor.optional(),
  limit: z.coerce.number().int().min(1).max(FEED.pageMax).default(FEED.pageSize),
});
export type FeedQuery = z.infer<typeof ZFeedQuery>;

export const ZFeedNewQuery = z.object({
  filter: z.enum(FEED_FILTERS, { error: FEED_MSG.invalidFilter }).default('all'),
  since: ZFeedCursor,
});

export const ZSearchQuery = z.object({
  q: z
    .string()
    .max(SEARCH.queryMax, { error: SEARCH_MSG.queryTooLong })
    // Control characters (a NUL cannot even be stored) count as spaces.
    // eslint-disable-next-line no-control-regex -- matching them is the point
    .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, ' ').trim())
    .refine((s) => s.length > 0, { error: SEARCH_MSG.queryRequired }),
  page: z.coerce.number({ error: SEARCH_MSG.invalidPage }).int().min(1).max(1000).default(1),
});
export type SearchQuery = z.infer<typeof ZSearchQuery>;
