import { z } from 'zod';
import { ENGAGEMENT_CONTENT_TYPES, REACTION_MSG, REACTION_TYPES } from './model';

export const ZContentRef = z.object({
  contentType: z.enum(ENGAGEMENT_CONTENT_TYPES, { error: REACTION_MSG.notFound }),
  contentId: z.uuid({ error: REACTION_MSG.notFound }),
});

export const ZReactionParam = ZContentRef.extend({
  reactionType: z.enum(REACTION_TYPES as [string, ...string[]], { error: REACTION_MSG.invalidType }),
});

/** PUT /api/reactions/{type}/{id}/{reaction}: the state the person wants (idempotent). */
export const ZSetReaction = z.strictObject({ active: z.boolean() });
