import { ZPageQuery } from '@common/core/page-query';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { validate } from '../../lib/validate';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

// Cursors are validated here: the services put them straight into SQL as uuids.
const ZList = ZPageQuery.extend({ limit: z.coerce.number().int().min(1).max(50).optional() });
const ZId = z.object({ id: z.uuid({ message: 'Notification not found.' }) });

export function notificationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
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
    });
}
