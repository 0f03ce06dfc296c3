import { z } from 'zod';
import { answers } from '../core/api-schemas';
import { CONTENT_REACTIONS, ENGAGEMENT_CONTENT_TYPES, FORUM_REACTIONS, type ReactionSummary } from './model';

/*
 * The reactions area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/reactions/reactions.api.ts). Each is tied to the type the service returns.
 */

export const ZReactionType = z.enum([...new Set([...CONTENT_REACTIONS, ...FORUM_REACTIONS])] as [
  (typeof CONTENT_REACTIONS)[number] | (typeof FORUM_REACTIONS)[number],
  ...((typeof CONTENT_REACTIONS)[number] | (typeof FORUM_REACTIONS)[number])[],
]);

/** The reactions on one piece of content: what it takes, how many of each, the viewer's own. */
export const ZReactionSummary = answers<ReactionSummary>()(
  z
    .strictObject({
      contentType: z.enum(ENGAGEMENT_CONTENT_TYPES),
      contentId: z.string(),
      types: z.array(ZReactionType),
      counts: z.partialRecord(ZReactionType, z.number().int()),
      mine: z.array(ZReactionType),
      closedReason: z.string().nullable(),
    })
    .meta({ id: 'ReactionSummary' }),
);
