import { FEED_QUERY_MSG, ZFeedNewQuery, ZFeedQuery } from '@common/feed/schemas';
import { FEED, type FeedFilter } from '@common/feed/model';
import { Hono } from 'hono';
import { isFeedFilter } from '../../platform/feed-kinds';
import { AppError } from '../../lib/errors';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { createFeedHead } from './feed-head';
import { getFeedPage, getNewFeedItems, withEngagement } from './feed.service';

/** A tab some area registered kinds under, or a 400 like any other bad query. */
function feedFilter(value: string): FeedFilter {
  if (!isFeedFilter(value))
    throw new AppError('VALIDATION', FEED_QUERY_MSG.invalidFilter, { filter: FEED_QUERY_MSG.invalidFilter });
  return value;
}

/** The home feed: public pages, and what is new for a signed-in page. */
export function feedRoutes(deps: Pick<AppDeps, 'db' | 'bus'>) {
  const { db } = deps;
  const head = createFeedHead(deps);
  return new Hono<AppEnv>()
    .get('/feed', validate('query', ZFeedQuery), async (c) => {
      const viewerId = c.get('viewer')?.id ?? null;
      const query = { ...c.req.valid('query'), filter: feedFilter(c.req.valid('query').filter) };
      const first = query.cursor ? null : await head.firstPage(viewerId, query.filter, query.limit);
      const page = first ?? (await getFeedPage(db, viewerId, query));
      return c.json({ ...page, items: await withEngagement(db, viewerId, page.items) });
    })
    .get('/feed/new', validate('query', ZFeedNewQuery), async (c) => {
      const viewer = requireViewer(c);
      const query = c.req.valid('query');
      const filter = feedFilter(query.filter);
      const fresh =
        (await head.newSince(viewer.id, filter, query.since, FEED.newMax)) ??
        (await getNewFeedItems(db, viewer.id, { ...query, filter }));
      return c.json({ ...fresh, items: await withEngagement(db, viewer.id, fresh.items) });
    });
}
