import { ZDeleteAccount, ZUpdateSettings } from '@common/profiles/schemas';
import { ZDataExportId } from '@common/settings/data-export';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { validate } from '../../lib/validate';
import { deleteAccount, getSettings, updateSettings } from './settings.service';

/**
 * Settings switches, Download your data and account deletion; Change Password goes through
 * /api/auth/change-password.
 */
export function settingsRoutes(
  deps: Pick<AppDeps, 'db' | 'bus' | 'storage' | 'sessions' | 'onAccountDeleted' | 'dataExports'>,
) {
  return (
    new Hono<AppEnv>()
      .get('/settings', async (c) => {
        const viewer = requireViewer(c);
        return c.json(await getSettings(deps.db, viewer.id));
      })
      .patch('/settings', validate('json', ZUpdateSettings), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await updateSettings(deps, viewer.id, c.req.valid('json')));
      })
      .get('/settings/data-export', async (c) => {
        const viewer = requireViewer(c);
        return c.json({ export: await deps.dataExports.current(viewer.id) });
      })
      .post('/settings/data-export', async (c) => {
        const viewer = requireViewer(c);
        return c.json({ export: await deps.dataExports.request(viewer.id) }, 202);
      })
      // The member's own ZIP only: another member's id answers 404, like one that never existed.
      .get(
        '/settings/data-export/:id/download',
        validate('param', ZDataExportId, { status: 404 }),
        async (c) => {
          const viewer = requireViewer(c);
          const file = await deps.dataExports.open(viewer.id, c.req.valid('param').id);
          return new Response(file.body, {
            headers: {
              'content-type': 'application/zip',
              'content-length': String(file.size),
              'content-disposition': `attachment; filename="${file.name}"`,
              'cache-control': 'private, no-store',
            },
          });
        },
      )
      .post('/account/delete', validate('json', ZDeleteAccount), async (c) => {
        const viewer = requireViewer(c);
        const result = await deleteAccount(deps, viewer.id, c.req.valid('json').password);
        // Their sessions are gone from the database; no cached copy may outlive them. Reached only
        // when the deletion succeeded (a wrong password or a refusal throws before).
        deps.sessions.revoke([viewer.id]);
        return c.json(result);
      })
  );
}
