import { PEOPLE_PICKER, PROFILE_MSG } from '@common/profiles/model';
import { SEARCH_MSG } from '@common/search/model';
import { isUuid } from '@common/core/ids';
import { MENTION_MSG, MENTION_PICKER } from '@common/core/mentions';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { validate } from '../../lib/validate';
import type { Meter, RateLimit } from '../../platform/rate-limit';
import { listMentionedPeople } from '../../platform/mentions';
import { blockUser, listBlocked, unblockUser } from './blocks.service';
import { listFriendRequests } from './connection-lists.service';
import { getConnectionState, type ConnectionDeps } from './connection-pair';
import {
  createPeopleSuggestions,
  dismissSuggestion,
  listMessageRecipients,
} from './people-suggestions.service';
import {
  acceptFriendRequest,
  followUser,
  rejectFriendRequest,
  removeFriend,
  sendFriendRequest,
  unfollowUser,
} from './connections.service';

const ZRecipientQuery = z.object({
  q: z.string().max(PEOPLE_PICKER.queryMax, { message: SEARCH_MSG.queryTooLong }).optional(),
});

const ZMentionQuery = z.object({
  q: z.string().max(MENTION_PICKER.queryMax, { message: MENTION_MSG.queryTooLong }).optional(),
});
// `ids=a,b,c`: the people a page's texts mention; malformed ids are left out (nobody has them).
const ZMentionedIds = z.object({
  ids: z
    .string()
    .max(MENTION_PICKER.namesMax * 37)
    .transform((s) => [...new Set(s.split(',').map((id) => id.trim().toLowerCase()))].filter(isUuid))
    .pipe(z.array(z.string()).max(MENTION_PICKER.namesMax)),
});
/** The @ picker asks once per pause in typing; a script walking the directory meets this first. */
const MENTION_LOOKUPS: RateLimit = {
  name: 'mention-lookups',
  max: MENTION_PICKER.perWindow,
  windowSec: MENTION_PICKER.windowSec,
};

// A malformed id is a person who does not exist: 404, never a 500.
const ZUserId = z.object({ userId: z.uuid({ message: PROFILE_MSG.notFound }) });

/**
 * Connections under /api/connections (a person's lists are under /api/profiles/:userId, the
 * profiles area's). Every call acts as the signed-in person on someone else.
 */
export function connectionRoutes(deps: ConnectionDeps & { meter: Meter }) {
  const { db } = deps;
  deps.meter.register(MENTION_LOOKUPS);
  const param = validate('param', ZUserId, { status: 404 });
  const suggestions = createPeopleSuggestions(db);
  /** A change between the viewer and `otherId`: both are ranked afresh next time (this process). */
  const changed = <T>(viewerId: string, otherId: string, result: T): T => {
    suggestions.forget(viewerId, otherId);
    return result;
  };
  return (
    new Hono<AppEnv>()
      .get('/connections/requests', async (c) => {
        const viewer = requireViewer(c);
        return c.json(await listFriendRequests(db, viewer.id));
      })
      .get('/connections/blocked', async (c) => {
        const viewer = requireViewer(c);
        return c.json(await listBlocked(db, viewer.id));
      })
      // issue 21: People you may know, and the people the New message action offers.
      .get('/people/suggestions', async (c) => {
        const viewer = requireViewer(c);
        return c.json({ items: await suggestions.list(viewer.id) });
      })
      .post('/people/suggestions/:userId/dismiss', param, async (c) => {
        const viewer = requireViewer(c);
        await dismissSuggestion(db, viewer.id, c.req.valid('param').userId);
        suggestions.forget(viewer.id);
        return c.json({ ok: true });
      })
      .get('/people/recipients', validate('query', ZRecipientQuery), async (c) => {
        const viewer = requireViewer(c);
        return c.json({ items: await listMessageRecipients(db, viewer.id, c.req.valid('query').q ?? '') });
      })
      // The @ picker of mentions: connections first, never anyone blocked either way.
      .get('/people/mentionable', validate('query', ZMentionQuery), async (c) => {
        const viewer = requireViewer(c);
        deps.meter.enforce(MENTION_LOOKUPS, viewer.id, MENTION_MSG.tooManyLookups);
        const q = c.req.valid('query').q ?? '';
        return c.json({ items: await listMessageRecipients(db, viewer.id, q, MENTION_PICKER.results) });
      })
      .get('/people/names', validate('query', ZMentionedIds), async (c) => {
        const viewer = requireViewer(c);
        deps.meter.enforce(MENTION_LOOKUPS, viewer.id, MENTION_MSG.tooManyLookups);
        return c.json({ items: await listMentionedPeople(db, viewer.id, c.req.valid('query').ids) });
      })
      .get('/connections/:userId', param, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await getConnectionState(db, viewer.id, c.req.valid('param').userId));
      })
      .post('/connections/:userId/follow', param, async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        return c.json(changed(viewer.id, userId, await followUser(deps, viewer.id, userId)));
      })
      .delete('/connections/:userId/follow', param, async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        return c.json(changed(viewer.id, userId, await unfollowUser(deps, viewer.id, userId)));
      })
      .post('/connections/:userId/request', param, async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        return c.json(changed(viewer.id, userId, await sendFriendRequest(deps, viewer.id, userId)));
      })
      .post('/connections/:userId/accept', param, async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        return c.json(changed(viewer.id, userId, await acceptFriendRequest(deps, viewer.id, userId)));
      })
      .post('/connections/:userId/reject', param, async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        return c.json(changed(viewer.id, userId, await rejectFriendRequest(deps, viewer.id, userId)));
      })
      .delete('/connections/:userId/friend', param, async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        return c.json(changed(viewer.id, userId, await removeFriend(deps, viewer.id, userId)));
      })
      .post('/connections/:userId/block', param, async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        return c.json(changed(viewer.id, userId, await blockUser(deps, viewer.id, userId)));
      })
      .delete('/connections/:userId/block', param, async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        return c.json(changed(viewer.id, userId, await unblockUser(deps, viewer.id, userId)));
      })
  );
}
