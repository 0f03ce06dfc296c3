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
});
export type SearchQuery = z.infer<typeof ZSearchQuery>;
