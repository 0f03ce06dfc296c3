import { LIMIT_MSG } from '@common/core/texts';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/context';
import type { Meter, RateLimit } from './rate-limit';
import { isMultipart } from './uploads';

/*
 * How much one person may ask of the API per window, whatever the route: a signed-in person's
 * reads and writes each count against their own limit, an upload (a multipart body, the expensive
 * kind: decoding, storage) one more against its own, smaller limit, and a visitor's writes against
 * their address's. Counted by the meter (platform/rate-limit.ts): exact counters in this process's
 * memory, shared with every other instance about once a second through the database, so a request
 * pays no database round trip and the limits hold however many processes serve the person (within
 * what one sync interval lets through). /api/auth has better-auth's own limiter, by address.
 *
 * The write and upload figures are Mastodon's (config/initializers/rack_attack.rb): 300 API calls
 * per 5 minutes and 30 media uploads per 30 minutes per account, far above what a person clicking
 * does. Reads are ten times the writes: a page asks for a handful of things at once, a person
 * reading fast a few pages a minute; a script copying the site asks for far more.
 */

export const API_LIMITS = {
  writes: { name: 'api-writes', max: 300, windowSec: 5 * 60 },
  uploads: { name: 'api-uploads', max: 30, windowSec: 30 * 60 },
  reads: { name: 'api-reads', max: 3000, windowSec: 5 * 60 },
  visitorWrites: { name: 'api-visitor-writes', max: 300, windowSec: 5 * 60 },
} as const satisfies Record<string, RateLimit>;

export type ApiLimits = { writes: RateLimit; uploads: RateLimit; reads: RateLimit; visitorWrites: RateLimit };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Runs after the session is resolved: it needs to know who is asking. */
export function apiLimits(
  meter: Meter,
  addressOf: (c: Context<AppEnv>) => string,
  limits: ApiLimits = API_LIMITS,
): MiddlewareHandler<AppEnv> {
  meter.register(limits.writes, limits.uploads, limits.reads, limits.visitorWrites);
  return async (c, next) => {
    if (c.req.path.startsWith('/api/auth/')) return next();
    const viewer = c.get('viewer');
    const read = READS.has(c.req.method);
    if (!viewer) {
      // Visitors' reads are the public pages (cached, cheap); their writes are refused or rare.
      if (!read) meter.enforce(limits.visitorWrites, addressOf(c), LIMIT_MSG.tooManyWrites);
      return next();
    }
    if (read) {
      meter.enforce(limits.reads, viewer.id, LIMIT_MSG.tooManyReads);
      return next();
    }
    meter.enforce(limits.writes, viewer.id, LIMIT_MSG.tooManyWrites);
    if (isMultipart(c.req.raw)) meter.enforce(limits.uploads, viewer.id, LIMIT_MSG.tooManyUploads);
    return next();
  };
}
