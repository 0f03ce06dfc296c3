import { z } from 'zod';
import { FEED } from './model';

/** The feed query's refusals: the server's and the schema's only, so they stay out of the page's code. */
export const FEED_QUERY_MSG = {
  invalidFilter: 'Unknown feed filter.',
  invalidCursor: 'Invalid cursor.',
} as const;

/** A feed item id as the cursor: a positive decimal integer. */
const ZFeedCursor = z
  .string()
  .refine((s) => /^[1-9][0-9]{0,18}$/.test(s) && BigInt(s) <= 9223372036854775807n, {
    error: FEED_QUERY_MSG.invalidCursor,
  });

/**
 * A filter tab's name. Which tabs exist is the areas' to say (their registered feed kinds): the
 * server checks the name against them.
 */
const ZFeedFilterName = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, { error: FEED_QUERY_MSG.invalidFilter })
  .default('all');

export const ZFeedQuery = z.object({
  filter: ZFeedFilterName,
  cursor: ZFeedCursor.optional(),
  limit: z.coerce.number().int().min(1).max(FEED.pageMax).default(FEED.pageSize),
});
export type FeedQuery = z.infer<typeof ZFeedQuery>;

export const ZFeedNewQuery = z.object({
  filter: ZFeedFilterName,
  since: ZFeedCursor,
});
