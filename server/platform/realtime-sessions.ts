import { CLOSE, REALTIME } from '@common/core/realtime';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import type { Conn } from './realtime-connections';

/*
 * The periodic session re-check of the realtime socket (see realtime.ts). A socket was
 * authenticated once, at its upgrade; this looks every open socket's session up again in batches,
 * so a signed-out or expired session stops receiving, and frees the slot of a client that stopped
 * pinging.
 */

/** Sessions are checked again this often, so a signed-out or expired session stops receiving. */
export const SESSION_RECHECK_MS = 60_000;

/** One query for every connection of this process: signed-out or expired sessions are closed. */
export async function recheckSessions(db: Db, open: Iterable<Conn>) {
  const now = Date.now();
  const conns: Conn[] = [];
  for (const conn of open) {
    // A client that stopped pinging is gone (a laptop lid closed): free its slot.
    if (now - conn.lastSeen > REALTIME.pingIntervalMs * 3) conn.ws.terminate();
    else conns.push(conn);
  }
  for (let i = 0; i < conns.length; i += 500) {
    const batch = conns.slice(i, i + 500);
    try {
      const rows = await db
        .select({ token: sessions.token, userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(inArray(sessions.token, [...new Set(batch.map((c) => c.sessionToken))]));
      const live = new Map(rows.map((r) => [r.token, r]));
      for (const conn of batch) {
        const row = live.get(conn.sessionToken);
        if (!row || row.userId !== conn.userId || row.expiresAt.getTime() <= now) {
          conn.ws.close(CLOSE.sessionEnded, 'session ended');
        } else conn.expiresAt = row.expiresAt.getTime();
      }
    } catch {
      // Database busy or down: keep the connections; the next round checks again.
    }
  }
}
