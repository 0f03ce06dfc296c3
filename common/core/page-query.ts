import { z } from 'zod';

/** A page of a list: `cursor` continues after that item; each list clamps `limit` to its own maximum. */
export const ZPageQuery = z.object({
  // The id of the last item of the previous page.
  cursor: z.uuid({ message: 'Invalid cursor.' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
