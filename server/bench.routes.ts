import { ZFeedQuery } from '@common/feed/schemas';
import { ZSearchQuery } from '@common/search/schemas';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { feedQuery } from './areas/feed';
import { runSearch } from './areas/search';
import { queryRows } from './db/client';
import { isFeedFilter } from './platform/feed-kinds';
import type { AppDeps, AppEnv } from './lib/context';
import { parseOrThrow } from './lib/validate';
import { requireViewer } from './lib/viewer';

/** Made once: building a zod schema on every request cost more than the rest of the route. */
const ZFloorId = z.uuid().catch('00000000-0000-0000-0000-000000000000');

/**
 * Benchmark-only routes (BENCH_FLOOR=1; never on in a deployment): the floor, and the plans of the
 * exact queries the feed and search run for the signed-in viewer.
 */
export function benchRoutes(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/bench/floor', async (c) => {
      // The framework and one primary-key read on the same database, no session.
      const id = ZFloorId.parse(c.req.query('id'));
      const rows = await db.execute(sql`select id, username from profiles where id = ${id}::uuid`);
      return c.json({ row: rows.rows[0] ?? null });
    })
    .get('/bench/explain', async (c) => {
      const viewer = requireViewer(c);
      const what = c.req.query('what');
      let query;
      if (what === 'search') {
        // The statements search runs for this page, one after the other as it runs them, each
        // explained as it runs (what it answers decides whether the next one runs).
        const { q, page } = parseOrThrow(ZSearchQuery, c.req.query());
        const plans: string[] = [];
        await runSearch(
          async (statement) => {
            const rows = await db.execute<{ 'QUERY PLAN': string }>(
              sql`explain (analyze, buffers) ${statement}`,
            );
            plans.push(rows.rows.map((r) => r['QUERY PLAN']).join('\n'));
            return queryRows(db, statement);
          },
          viewer.id,
          q,
          page,
        );
        return c.json({ plan: plans.join('\n\n') });
      } else {
        const { filter, cursor, limit } = parseOrThrow(ZFeedQuery, c.req.query());
        const tab = isFeedFilter(filter) ? filter : 'all';
        query = feedQuery({ viewerId: viewer.id, filter: tab, before: cursor, limit: limit + 1 });
      }
      const rows = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
      return c.json({ plan: rows.rows.map((r) => r['QUERY PLAN']).join('\n') });
    });
}
