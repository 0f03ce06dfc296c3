import { SEARCH, SEARCH_MSG } from '@common/search/model';
import { ZSearchQuery, ZSuggestQuery } from '@common/search/schemas';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import type { RateLimit } from '../../platform/rate-limit';
import { search, suggest } from './search.service';

/**
 * Suggestions per person: a field asks again at most every few hundred milliseconds while typing
 * (web/areas/search/api/get-suggestions.ts waits for a pause), so a fast typist sends well under
 * one a second; this many a minute is a script, not a person.
 */
export const SUGGEST_LIMIT = { name: 'search-suggest', max: 120, windowSec: 60 } satisfies RateLimit;

/**
 * Searches per person: each counts and reads a score of tiers (a few ms of the database, on a
 * small pool of its own), and a person reads a results page in seconds, so a script searching in a
 * loop would only hold that pool from everyone else's searches.
 */
export const SEARCH_LIMIT = { name: 'search', max: 120, windowSec: 60 } satisfies RateLimit;

/** GET /api/search?q=&page=&type=, GET /api/search/suggest?q=, for signed-in people. */
export function searchRoutes(deps: Pick<AppDeps, 'db' | 'meter'>) {
  deps.meter.register(SUGGEST_LIMIT);
  deps.meter.register(SEARCH_LIMIT);
  return new Hono<AppEnv>()
    .get('/search', validate('query', ZSearchQuery), async (c) => {
      const viewer = requireViewer(c);
      deps.meter.enforce(SEARCH_LIMIT, viewer.id, SEARCH_MSG.suggestLimited);
      const { q, page, type } = c.req.valid('query');
      return c.json(await search(deps.db, viewer.id, q, page, type));
    })
    .get('/search/suggest', validate('query', ZSuggestQuery), async (c) => {
      const viewer = requireViewer(c);
      deps.meter.enforce(SUGGEST_LIMIT, viewer.id, SEARCH_MSG.suggestLimited);
      const { q } = c.req.valid('query');
      // The same text typed again (backspace, retype) within moments is answered by the browser.
      c.header('cache-control', `private, max-age=${SEARCH.suggestMaxAgeSec}`);
      c.header('vary', 'Cookie');
      return c.json(await suggest(deps.db, viewer.id, q));
    });
}
