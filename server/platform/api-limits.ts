import { LIMIT_MSG } from '@common/core/texts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/context';
import type { Db } from '../db/client';
import { enforce, type RateLimit } from './rate-limit';
import { isMultipart } from './uploads';

/*
 * How much one signed-in person may change per window, whatever the route: every request that is
 * not a read costs one hit, and an upload (a multipart body, the expensive kind: decoding, storage)
 * one more against its own, smaller limit. Counted in the database (platform/rate-limit.ts), so the
 * limits hold however many instances serve the person. Reads are never counted: a database write on
 * every GET would tax the hot path for everyone. /api/auth has better-auth's own limiter, by address.
 *
 * The figures are Mastodon's (config/initializers/rack_attack.rb): 300 API calls per 5 minutes and
 * 30 media uploads per 30 minutes per account, far above what a person clicking does.
 */

export const API_LIMITS = {
  writes: { name: 'api-writes', max: 300, windowSec: 5 * 60 },
  uploads: { name: 'api-uploads', max: 30, windowSec: 30 * 60 },
} as const satisfies Record<string, RateLimit>;

export type ApiLimits = { writes: RateLimit; uploads: RateLimit };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Runs after the session is resolved: it needs to know who is asking. */
export function apiLimits(db: Db, limits: ApiLimits = API_LIMITS): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const viewer = c.get('viewer');
    if (!viewer || READS.has(c.req.method) || c.req.path.startsWith('/api/auth/')) return next();
    await enforce(db, limits.writes, viewer.id, LIMIT_MSG.tooManyWrites);
    if (isMultipart(c.req.raw)) await enforce(db, limits.uploads, viewer.id, LIMIT_MSG.tooManyUploads);
    return next();
  };
}
