import { ZDeleteAccount, ZUpdateSettings } from '@common/profiles/schemas';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { validate } from '../../lib/validate';
import { deleteAccount, getSettings, updateSettings } from './settings.service';

/** Settings switches and account deletion; Change Password goes through /api/auth/change-password. */
export function settingsRoutes(
  deps: Pick<AppDeps, 'db' | 'bus' | 'storage' | 'sessions' | 'onAccountDeleted'>,
) {
  return new Hono<AppEnv>()
    .get('/settings', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await getSettings(deps.db, viewer.id));
    })
    .patch('/settings', validate('json', ZUpdateSettings), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await updateSettings(deps, viewer.id, c.req.valid('json')));
    })
    .post('/account/delete', validate('json', ZDeleteAccount), async (c) => {
      const viewer = requireViewer(c);
      const result = await deleteAccount(deps, viewer.id, c.req.valid('json').password);
      // Their sessions are gone from the database; no cached copy may outlive them. Reached only
      // when the deletion succeeded (a wrong password or a refusal throws before).
      deps.sessions.revoke([viewer.id]);
      return c.json(result);
    });
}
