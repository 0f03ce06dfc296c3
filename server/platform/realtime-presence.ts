import { isUuid } from '@common/core/ids';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { realtimeInstances, realtimePresence } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Bus } from './bus';

/*
 * Who is online, across processes (see realtime.ts). Each process keeps a row for itself that its
 * heartbeat refreshes, and a presence row per person with a socket open on it; a person is online
 * while some live process holds such a row. A presence change is announced on `presence:<id>`
 * only when no other process still has the person, and one person's changes run in order.
 *
 * Announcements are debounced per person: after one, the next waits until PRESENCE_QUIET_MS have
 * passed, and then only the state the person is in by then goes out, if it differs from the last
 * one announced. A script opening and closing sockets in a loop makes its watchers hear at most
 * one change per window (and nothing when it ends where it started), and the last state heard is
 * always the real one.
 */

/** The shortest time between two presence announcements of one person (by one process). */
export const PRESENCE_QUIET_MS = 2000;

/** A process that has not beaten for this long is gone: its connections no longer count. */
const INSTANCE_TTL_S = 45;
export const HEARTBEAT_MS = 15_000;

export function createPresence(opts: {
  bus: Bus;
  db: Db;
  logger: Logger;
  isClosed: () => boolean;
  quietMs?: number;
}) {
  const { bus, db, logger, isClosed } = opts;
  const quietMs = opts.quietMs ?? PRESENCE_QUIET_MS;
  const instanceId = bus.instanceId;
  let instanceReady: Promise<unknown> | null = null;

  /** The last state announced per person and when; the state waiting for the window to end. */
  const announced = new Map<string, { online: boolean; at: number }>();
  const waiting = new Map<string, { online: boolean; timer: ReturnType<typeof setTimeout> }>();

  function publish(userId: string, online: boolean) {
    announced.set(userId, { online, at: Date.now() });
    bus.publish({ topic: `presence:${userId}`, event: { type: 'presence', userId, online } });
  }

  /** Announces `online` now, or at the end of the person's quiet window (only the latest state). */
  function announce(userId: string, online: boolean) {
    const pending = waiting.get(userId);
    if (pending) {
      pending.online = online;
      return;
    }
    const last = announced.get(userId);
    const now = Date.now();
    if (!last || now - last.at >= quietMs) return publish(userId, online);
    const timer = setTimeout(
      () => {
        const state = waiting.get(userId);
        waiting.delete(userId);
        if (!state || isClosed()) return;
        if (announced.get(userId)?.online !== state.online) publish(userId, state.online);
      },
      last.at + quietMs - now,
    );
    timer.unref?.();
    waiting.set(userId, { online, timer });
  }

  /** Forgets announcements older than the window: they hold back nothing. */
  function sweepAnnounced() {
    const now = Date.now();
    for (const [userId, last] of announced)
      if (now - last.at >= quietMs && !waiting.has(userId)) announced.delete(userId);
  }

  // This process's row, written (or refreshed) by one statement.
  const upsertInstance = () =>
    db
      .insert(realtimeInstances)
      .values({ id: instanceId })
      .onConflictDoUpdate({ target: realtimeInstances.id, set: { seenAt: sql`now()` } })
      .then(() => undefined);

  /**
   * Written once, before the first presence row (a query builder is run each time it is awaited,
   * so the promise is kept, not the builder: before, every connection and disconnection wrote it
   * again). A failure is retried by the next caller; the heartbeat keeps it fresh.
   */
  function ensureInstance() {
    instanceReady ??= upsertInstance().catch((err: unknown) => {
      instanceReady = null;
      throw err;
    });
    return instanceReady;
  }

  /** Which of these people have an open connection on any live process. */
  async function onlineAmong(userIds: string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds)].filter((id) => isUuid(id));
    if (!ids.length) return new Set();
    const rows = await db
      .selectDistinct({ userId: realtimePresence.userId })
      .from(realtimePresence)
      .innerJoin(realtimeInstances, eq(realtimeInstances.id, realtimePresence.instanceId))
      .where(
        and(
          inArray(realtimePresence.userId, ids),
          gt(realtimeInstances.seenAt, sql`now() - make_interval(secs => ${INSTANCE_TTL_S})`),
        ),
      );
    return new Set(rows.map((r) => r.userId));
  }

  async function isOnlineElsewhere(userId: string) {
    const rows = await db
      .select({ one: sql`1` })
      .from(realtimePresence)
      .innerJoin(realtimeInstances, eq(realtimeInstances.id, realtimePresence.instanceId))
      .where(
        and(
          eq(realtimePresence.userId, userId),
          sql`${realtimePresence.instanceId} <> ${instanceId}`,
          gt(realtimeInstances.seenAt, sql`now() - make_interval(secs => ${INSTANCE_TTL_S})`),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  // Presence changes of one person are applied in order, so a quick close/open cannot cross.
  const presenceChain = new Map<string, Promise<void>>();
  function changePresence(userId: string, online: boolean) {
    const run = async () => {
      try {
        await ensureInstance();
        if (online) {
          await db
            .insert(realtimePresence)
            .values({ instanceId, userId, connections: 1 })
            .onConflictDoNothing();
        } else {
          await db
            .delete(realtimePresence)
            .where(and(eq(realtimePresence.instanceId, instanceId), eq(realtimePresence.userId, userId)));
        }
        if (!(await isOnlineElsewhere(userId))) announce(userId, online);
      } catch (err) {
        if (!isClosed()) logger.warn({ err }, 'presence update failed');
      }
    };
    const next = (presenceChain.get(userId) ?? Promise.resolve()).then(run);
    presenceChain.set(userId, next);
    void next.finally(() => {
      if (presenceChain.get(userId) === next) presenceChain.delete(userId);
    });
  }

  async function heartbeat() {
    sweepAnnounced();
    try {
      // An upsert: the row comes back even if another process swept it during a long stall.
      await upsertInstance();
      // Forget processes that died without saying so.
      await db
        .delete(realtimeInstances)
        .where(lt(realtimeInstances.seenAt, sql`now() - make_interval(secs => ${INSTANCE_TTL_S * 4})`));
    } catch (err) {
      if (!isClosed()) logger.warn({ err }, 'realtime heartbeat failed');
    }
  }

  return {
    onlineAmong,
    changePresence,
    heartbeat,
    /** Waits for pending presence changes, then takes this process's presence off the books. */
    async leave() {
      await Promise.allSettled([...presenceChain.values()]);
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
      try {
        await db.delete(realtimeInstances).where(eq(realtimeInstances.id, instanceId));
      } catch {
        // The database may already be closed.
      }
    },
  };
}
