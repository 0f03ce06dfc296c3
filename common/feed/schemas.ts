import { z } from 'zod';
import { FEED, FEED_FILTERS, FEED_MSG } from './model';

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
