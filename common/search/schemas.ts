import { z } from 'zod';
import { SEARCH, SEARCH_MSG } from './model';

export const ZSearchQuery = z.object({
  q: z
    .string()
    .max(SEARCH.queryMax, { error: SEARCH_MSG.queryTooLong })
    // Control characters (a NUL cannot even be stored) count as spaces.
    // eslint-disable-next-line no-control-regex -- matching them is the point
    .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, ' ').trim())
    .refine((s) => s.length > 0, { error: SEARCH_MSG.queryRequired }),
  page: z.coerce.number({ error: SEARCH_MSG.invalidPage }).int().min(1).max(1000).default(1),
  /** One type only (the results page's tabs): 'user', 'group'...; an unknown one finds nothing. */
  type: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/)
    .optional(),
});
export type SearchQuery = z.infer<typeof ZSearchQuery>;

/**
 * GET /api/search/suggest?q=: the text as the full search reads it, cut to SEARCH.suggestQueryMax
 * characters (a longer text is a paragraph, not a name to complete; the full search takes it).
 */
export const ZSuggestQuery = z.object({
  q: z
    .string()
    .max(SEARCH.queryMax, { error: SEARCH_MSG.queryTooLong })
    .transform((s) =>
      // eslint-disable-next-line no-control-regex -- matching them is the point
      Array.from(s.replace(/[\u0000-\u001f\u007f]/g, ' ').trim())
        .slice(0, SEARCH.suggestQueryMax)
        .join('')
        .trim(),
    )
    .refine((s) => s.length > 0, { error: SEARCH_MSG.queryRequired }),
});
export type SuggestQuery = z.infer<typeof ZSuggestQuery>;
