import { ZSearchQuery } from '@common/search/schemas';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { search } from './search.service';

/** GET /api/search?q=&page=, for signed-in people. */
export function searchRoutes(deps: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().get('/search', validate('query', ZSearchQuery), async (c) => {
    const viewer = requireViewer(c);
    const { q, page } = c.req.valid('query');
    return c.json(await search(deps.db, viewer.id, q, page));
  });
}
