import { ZPageQuery } from '@common/core/page-query';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { validate } from '../../lib/validate';
import { ZPushEndpoint, ZPushSubscription } from '@common/notifications/schemas';
import { AppError } from '../../lib/errors';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';
import { deletePushSubscription, hasPushSubscription, savePushSubscription } from './notifications.push';

// Cursors are validated here: the services put them straight into SQL as uuids.
const ZList = ZPageQuery.extend({ limit: z.coerce.number().int().min(1).max(50).optional() });
const ZId = z.object({ id: z.uuid({ message: 'Notification not found.' }) });

export function notificationRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/notifications', validate('query', ZList), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await listNotifications(deps.db, viewer.id, c.req.valid('query')));
      })
      .post('/notifications/read-all', async (c) => {
        const viewer = requireViewer(c);
        return c.json(await markAllNotificationsRead(deps, viewer.id));
      })
      .post('/notifications/:id/read', validate('param', ZId), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await markNotificationRead(deps, viewer.id, c.req.valid('param').id));
      })
      // The VAPID public key is public by design: browsers subscribe with it.
      .get('/push/key', (c) => c.json({ publicKey: deps.webPush.publicKey }))
      .post('/push/subscriptions', validate('json', ZPushSubscription), async (c) => {
        const viewer = requireViewer(c);
        // The subscription belongs to this session: signing out (or any end of it) removes it.
        const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
        if (!session) throw new AppError('UNAUTHENTICATED');
        const saved = await savePushSubscription(
          deps.db,
          { id: viewer.id, sessionId: session.session.id },
          c.req.valid('json'),
          deps.webPush.policy,
        );
        return c.json(saved, 201);
      })
      .post('/push/subscriptions/check', validate('json', ZPushEndpoint), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await hasPushSubscription(deps.db, viewer.id, c.req.valid('json').endpoint));
      })
      .delete('/push/subscriptions', validate('json', ZPushEndpoint), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await deletePushSubscription(deps.db, viewer.id, c.req.valid('json').endpoint));
      })
  );
}
