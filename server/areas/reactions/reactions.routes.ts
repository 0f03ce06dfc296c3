import { ZContentRef, ZSetReaction } from '@common/reactions/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { getReactions, setReaction, type ReactionDeps } from './reactions.service';

/**
 * The content part of the path names something (404 when it does not); the reaction type is checked
 * against that content's own set by the service (400 'This content does not take that reaction.').
 */
const ZReactionPath = ZContentRef.extend({ reactionType: z.string() });

/**
 * Reactions on any registered content type (docs/decisions/011). Counts are public; reacting needs a member.
 */
export function reactionRoutes(deps: ReactionDeps) {
  return new Hono<AppEnv>()
    .get('/reactions/:contentType/:contentId', validate('param', ZContentRef, { status: 404 }), async (c) =>
      c.json(await getReactions(deps, c.get('viewer')?.id ?? null, c.req.valid('param'))),
    )
    .put(
      '/reactions/:contentType/:contentId/:reactionType',
      validate('param', ZReactionPath, { status: 404 }),
      validate('json', ZSetReaction),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await setReaction(deps, viewer, c.req.valid('param'), c.req.valid('json').active));
      },
    );
}
