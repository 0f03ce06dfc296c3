import { createHash, randomBytes } from 'node:crypto';
import { SECURITY_MSG, TOKEN_PREFIX, type TokenScope } from '@common/auth/security';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { personalAccessTokens, users } from '../db/schema/auth';
import { AppError } from '../lib/errors';
import type { AuthSession } from './auth';

/*
 * Personal access tokens (Settings > Developer). A request with `Authorization: Bearer <token>` is
 * that person's, with the token's scope, and carries no cookie session: its cookies are ignored.
 * Only the SHA-256 of a token is stored (a token is 32 random bytes: no slow hash is needed to make
 * guessing hopeless, and a fast one keeps every request to one indexed lookup, like sessions).
 *
 * A token never reaches:
 * - /api/auth (sign-in, passwords, two-step sign-in, passkeys),
 * - /api/account (sessions, tokens, account deletion), /api/settings, /api/push,
 * - /api/admin (whatever the person's role),
 * and a read token only reads (GET and HEAD).
 */

/** Where a token is refused whatever its scope: account settings and the admin area. */
const REFUSED = /^\/api\/(auth|account|settings|push|admin)(\/|$)/;
const READS = new Set(['GET', 'HEAD']);

/** How often a token's "last used" is written at most (a busy script writes no row per call). */
const LAST_USED_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token: shown once to its owner; only its hash is kept. */
export function newToken(): { token: string; hash: string } {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The token of an `Authorization: Bearer` header, or null when the request has none. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : header.toLowerCase().startsWith('bearer') ? '' : null;
}

export type TokenViewer = { user: AuthSession['user']; scope: TokenScope };

/**
 * The person behind a bearer token in one prepared statement (the session reader's cheap path:
 * platform/auth.ts), or an error: 401 for an unknown, expired or revoked token, 403 where tokens
 * may not go or for a write with a read token.
 */
export function createTokenReader(db: Db) {
  const lookup = db
    .select({
      user: getTableColumns(users),
      id: personalAccessTokens.id,
      scope: personalAccessTokens.scope,
      expiresAt: personalAccessTokens.expiresAt,
      lastUsedAt: personalAccessTokens.lastUsedAt,
    })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(eq(personalAccessTokens.tokenHash, sql.placeholder('hash')))
    .prepare('cofound_token_viewer');

  return async function readToken(token: string, method: string, path: string): Promise<TokenViewer> {
    // Where tokens may not go is refused before the token is even looked up.
    if (REFUSED.test(path)) throw new AppError('FORBIDDEN', SECURITY_MSG.tokenRefused);
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 200)
      throw new AppError('UNAUTHENTICATED', SECURITY_MSG.tokenInvalid);
    const [row] = await lookup.execute({ hash: hashToken(token) });
    const now = Date.now();
    if (!row || row.expiresAt.getTime() <= now)
      throw new AppError('UNAUTHENTICATED', SECURITY_MSG.tokenInvalid);
    if (row.scope !== 'write' && !READS.has(method))
      throw new AppError('FORBIDDEN', SECURITY_MSG.tokenReadOnly);
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS)
      void db
        .update(personalAccessTokens)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(personalAccessTokens.id, row.id))
        .catch(() => undefined);
    return { user: row.user as AuthSession['user'], scope: row.scope };
  };
}
