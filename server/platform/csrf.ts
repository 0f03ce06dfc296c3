import { LIMIT_MSG } from '@common/core/texts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/context';
import { AppError } from '../lib/errors';

/*
 * Cross-site request forgery on the API: a page on another site must not make a signed-in person's
 * browser change anything here with their cookie. SameSite=Lax keeps the cookie off most cross-site
 * requests, but not off those from a sibling subdomain (same site), nor in every browser; so every
 * request that is not a read checks where it came from, as better-auth does for its own routes
 * (/api/auth, left to it) and the realtime handshake for sockets:
 *
 * - Origin present: it must be one of ours (BASE_URL, DEV_ORIGINS). 'null' (a sandboxed frame, a
 *   page with Referrer-Policy no-referrer) is not, unless Sec-Fetch-Site vouches for it below.
 * - Otherwise Sec-Fetch-Site, the browser's own word: only 'same-origin' passes; 'same-site' (a
 *   sibling subdomain), 'cross-site' and 'none' are refused.
 * - Neither header: allowed. Every browser we serve sends Origin on a non-GET request to another
 *   origin (the Fetch standard, for fetch and for forms alike), so a request with neither comes from
 *   a program (curl, a script, a test runner's request context) holding its own cookie, not a
 *   victim's browser. The few browsers too old to send Origin on a cross-site form also predate
 *   Sec-Fetch-Site, and SameSite=Lax keeps their cookie off a cross-site POST.
 */

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request with these headers may change something on a signed-in person's behalf. */
export function isSameOriginRequest(headers: Headers, allowed: ReadonlySet<string>): boolean {
  const origin = headers.get('origin');
  if (origin && origin !== 'null') return allowed.has(origin);
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  return origin === null;
}

export function csrfGuard(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    if (SAFE.has(c.req.method) || c.req.path.startsWith('/api/auth/')) return next();
    if (!isSameOriginRequest(c.req.raw.headers, allowed))
      throw new AppError('FORBIDDEN', LIMIT_MSG.crossSite);
    return next();
  };
}
