import {
  SECURITY_MSG,
  TOKENS_PER_PERSON,
  type AccessToken,
  type AccountSession,
  type CreateToken,
} from '@common/auth/security';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personalAccessTokens, sessions } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { newToken } from '../../platform/access-tokens';
import { parseUserAgent } from './user-agent';

/*
 * "Where you are signed in" and personal access tokens (Settings > Account and > Developer).
 * Everything here is the viewer's own: every query names their id, so another member's session or
 * token is a 404, never theirs to see or end.
 */

const COOKIE = /(?:^|;\s*)(?:__Secure-)?cofound\.session_token=([^;]+)/;

/** The session token of the request's cookie (already verified by the session middleware), or null. */
export function currentSessionToken(cookieHeader: string | undefined): string | null {
  const raw = cookieHeader ? COOKIE.exec(cookieHeader)?.[1] : undefined;
  if (!raw) return null;
  try {
    const value = decodeURIComponent(raw);
    const dot = value.lastIndexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  } catch {
    return null;
  }
}

export async function listSessions(
  db: Db,
  userId: string,
  currentToken: string | null,
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      token: sessions.token,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.updatedAt));
  const list = rows.map((r) => ({
    id: r.id,
    current: r.token === currentToken,
    ...parseUserAgent(r.userAgent),
    // No local location database ships with the app: the place is never guessed.
    place: null,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.updatedAt.toISOString(),
  }));
  // This device first.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/**
 * Ends one of the viewer's sessions. Its cached copies are forgotten on every instance and its
 * sockets closed within seconds (the sessions.revoked event re-checks the person's sockets).
 */
export async function endSession(deps: Pick<AppDeps, 'db' | 'sessions'>, userId: string, sessionId: string) {
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (!ended.length) throw new AppError('NOT_FOUND', SECURITY_MSG.sessionNotFound);
  deps.sessions.revoke([userId]);
}

/** Ends every session of the viewer but the one making the request. */
export async function endOtherSessions(
  deps: Pick<AppDeps, 'db' | 'sessions'>,
  userId: string,
  currentToken: string | null,
): Promise<number> {
  const where = currentToken
    ? and(eq(sessions.userId, userId), ne(sessions.token, currentToken))
    : eq(sessions.userId, userId);
  const ended = await deps.db.delete(sessions).where(where).returning({ id: sessions.id });
  if (ended.length) deps.sessions.revoke([userId]);
  return ended.length;
}

const toToken = (r: typeof personalAccessTokens.$inferSelect): AccessToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export async function listTokens(db: Db, userId: string): Promise<AccessToken[]> {
  const rows = await db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.createdAt));
  return rows.map(toToken);
}

/** A new token: the answer is the only time the token itself is ever shown. */
export async function createToken(
  db: Db,
  userId: string,
  input: CreateToken,
): Promise<{ token: string; accessToken: AccessToken }> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId));
  if ((count?.n ?? 0) >= TOKENS_PER_PERSON) throw new AppError('CONFLICT', SECURITY_MSG.tooManyTokens);
  const { token, hash } = newToken();
  const [row] = await db
    .insert(personalAccessTokens)
    .values({
      userId,
      name: input.name,
      scope: input.scope,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000),
    })
    .returning();
  return { token, accessToken: toToken(row!) };
}

/** Revoking deletes the row: the next request with the token is a 401. */
export async function revokeToken(db: Db, userId: string, tokenId: string) {
  const gone = await db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.id, tokenId), eq(personalAccessTokens.userId, userId)))
    .returning({ id: personalAccessTokens.id });
  if (!gone.length) throw new AppError('NOT_FOUND', SECURITY_MSG.tokenNotFound);
}
