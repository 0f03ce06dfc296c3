import { ZCreateToken, ZIdParam } from '@common/auth/security';
import { ZDeleteAccount, ZUpdateSettings } from '@common/profiles/schemas';
import { ZDataExportId } from '@common/settings/data-export';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { validate } from '../../lib/validate';
import {
  createToken,
  currentSessionToken,
  endOtherSessions,
  endSession,
  listSessions,
  listTokens,
  revokeToken,
} from './account-security.service';
import { deleteAccount, getSettings, updateSettings } from './settings.service';

// A malformed id names nothing: the same 404 as a missing one.
const id404 = { status: 404 } as const;

/**
 * Settings switches, Download your data, account deletion, the sessions list and personal access
 * tokens; Change Password, two-step sign-in and passkeys go through /api/auth. Personal access
 * tokens never reach any of these (platform/access-tokens.ts refuses /api/settings and /api/account).
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
      // Where you are signed in.
      .get('/account/sessions', async (c) => {
        const viewer = requireViewer(c);
        const sessions = await listSessions(deps.db, viewer.id, currentSessionToken(c.req.header('cookie')));
        return c.json({ sessions });
      })
      .post('/account/sessions/:id/end', validate('param', ZIdParam, id404), async (c) => {
        const viewer = requireViewer(c);
        await endSession(deps, viewer.id, c.req.valid('param').id);
        return c.json({ ended: true as const });
      })
      .post('/account/sessions/end-others', async (c) => {
        const viewer = requireViewer(c);
        const ended = await endOtherSessions(deps, viewer.id, currentSessionToken(c.req.header('cookie')));
        return c.json({ ended });
      })
      // Personal access tokens (Settings > Developer).
      .get('/account/tokens', async (c) => {
        const viewer = requireViewer(c);
        return c.json({ tokens: await listTokens(deps.db, viewer.id) });
      })
      .post('/account/tokens', validate('json', ZCreateToken), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await createToken(deps.db, viewer.id, c.req.valid('json')), 201);
      })
      .delete('/account/tokens/:id', validate('param', ZIdParam, id404), async (c) => {
        const viewer = requireViewer(c);
        await revokeToken(deps.db, viewer.id, c.req.valid('param').id);
        return c.json({ revoked: true as const });
      })
  );
}
