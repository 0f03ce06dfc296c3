import { ZDigestPreference, ZUnsubscribeQuery } from '@common/digests/schemas';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer, superAdminOnly } from '../../lib/viewer';
import { digestAdminView, getPreference, setPreference, unsubscribeByToken } from './digests.service';

/**
 * The choice sits under /settings and the admin view under /admin, so personal access tokens are
 * refused there as on every other settings and admin route (platform/access-tokens.ts).
 */
export function digestsRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/settings/digest', async (c) => {
        const viewer = requireViewer(c);
        return c.json(await getPreference(deps.db, viewer.id));
      })
      .put('/settings/digest', validate('json', ZDigestPreference), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await setPreference(deps.db, viewer.id, c.req.valid('json').frequency));
      })
      // RFC 8058 one-click: the mail client POSTs "List-Unsubscribe=One-Click" here, with no
      // cookie and no Origin; our confirm page POSTs too. The signed token is the only credential.
      .post('/digests/unsubscribe', validate('query', ZUnsubscribeQuery), async (c) =>
        c.json(await unsubscribeByToken(deps.db, deps.links, c.req.valid('query').token)),
      )
      // Opened in a browser, the List-Unsubscribe address only shows the confirm page: a GET
      // (a link scanner, a prefetch) never unsubscribes anyone.
      .get('/digests/unsubscribe', validate('query', ZUnsubscribeQuery), (c) =>
        c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.valid('query').token)}`, 303),
      )
      .get('/admin/digests', superAdminOnly(deps), async (c) => c.json(await digestAdminView(deps.db)))
  );
}
