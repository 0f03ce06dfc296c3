import { ZConnectionListQuery, ZUpdateProfile } from '@common/profiles/schemas';
import { PROFILE_MSG } from '@common/profiles/model';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { validate } from '../../lib/validate';
import { listConnections, listMutualFriends } from '../connections';
import {
  getProfileView,
  requireVisibleProfile,
  updateOwnProfile,
  type OwnProfileDeps,
} from './profiles.service';

const ZUserId = z.object({ userId: z.uuid({ message: PROFILE_MSG.notFound }) });

/** Profiles: sign-in required to view any of them. */
export function profileRoutes(deps: OwnProfileDeps) {
  return (
    new Hono<AppEnv>()
      .get('/profiles/me', async (c) => {
        const viewer = requireViewer(c);
        return c.json(await getProfileView(deps.db, viewer.id, viewer.id));
      })
      .patch('/profiles/me', validate('json', ZUpdateProfile), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await updateOwnProfile(deps, viewer.id, c.req.valid('json')));
      })
      .get('/profiles/:userId', validate('param', ZUserId, { status: 404 }), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await getProfileView(deps.db, viewer.id, c.req.valid('param').userId));
      })
      // A person's lists (the connections area's data), for whoever may see their whole profile.
      .get(
        '/profiles/:userId/connections',
        validate('param', ZUserId, { status: 404 }),
        validate('query', ZConnectionListQuery),
        async (c) => {
          const viewer = requireViewer(c);
          const { userId } = c.req.valid('param');
          const { list, ...page } = c.req.valid('query');
          await requireVisibleProfile(deps.db, viewer.id, userId);
          return c.json(await listConnections(deps.db, viewer.id, userId, list, page));
        },
      )
      .get('/profiles/:userId/mutual-friends', validate('param', ZUserId, { status: 404 }), async (c) => {
        const viewer = requireViewer(c);
        const { userId } = c.req.valid('param');
        await requireVisibleProfile(deps.db, viewer.id, userId);
        return c.json(await listMutualFriends(deps.db, viewer.id, userId));
      })
  );
}
