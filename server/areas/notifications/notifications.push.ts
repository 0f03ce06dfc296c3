import { PUSH_MSG, type PushPayload } from '@common/notifications/model';
import type { PushSubscribed } from '@common/notifications/responses';
import type { PushSubscriptionInput } from '@common/notifications/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, pushSubscriptions, userSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Bus } from '../../platform/bus';
import {
  checkPushEndpoint,
  sendPush,
  type PushEndpointPolicy,
  type VapidKeys,
} from '../../platform/web-push';

/** A person's devices, at most: a new one beyond this replaces their oldest. */
export const MAX_PUSH_DEVICES = 10;

/**
 * Registers this browser's subscription for the viewer, tied to the session that sends it. The same
 * endpoint again (a refresh, new keys) updates it; one held by another account is refused (409),
 * so nobody can take over, or learn anything about, someone else's device.
 */
export async function savePushSubscription(
  db: Db,
  viewer: { id: string; sessionId: string },
  input: PushSubscriptionInput,
  policy: PushEndpointPolicy,
): Promise<PushSubscribed> {
  if (checkPushEndpoint(input.endpoint, policy))
    throw new AppError('VALIDATION', PUSH_MSG.badEndpoint, { endpoint: PUSH_MSG.badEndpoint });
  const values = {
    userId: viewer.id,
    sessionId: viewer.sessionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  };
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { sessionId: values.sessionId, p256dh: values.p256dh, auth: values.auth },
        // Only the owner's row is updated; another's stays as it is and nothing is returned.
        setWhere: eq(pushSubscriptions.userId, viewer.id),
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) return null;
    await tx.execute(sql`delete from push_subscriptions where user_id = ${viewer.id} and id not in (
      select id from push_subscriptions where user_id = ${viewer.id} order by created_at desc, id desc limit ${MAX_PUSH_DEVICES})`);
    return row;
  });
  if (!saved) throw new AppError('CONFLICT', PUSH_MSG.takenEndpoint);
  return { subscribed: true };
}

/** Removes one of the viewer's subscriptions; someone else's (or none) is "not found". */
export async function deletePushSubscription(
  db: Db,
  viewerId: string,
  endpoint: string,
): Promise<PushSubscribed> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, viewerId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (!gone.length) throw new AppError('NOT_FOUND', PUSH_MSG.notFound);
  return { subscribed: false };
}

/** Whether this endpoint is one of the viewer's (the Settings switch shows it on this device). */
export async function hasPushSubscription(
  db: Db,
  viewerId: string,
  endpoint: string,
): Promise<PushSubscribed> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, viewerId), eq(pushSubscriptions.endpoint, endpoint)));
  return { subscribed: rows.length > 0 };
}

/** The longest text a push carries: the payload must fit one 4 KB encrypted record. */
const TEXT_LIMIT = 600;
const clip = (s: string) => (s.length > TEXT_LIMIT ? `${s.slice(0, TEXT_LIMIT - 1)}…` : s);

/**
 * Notifications as web pushes. A notification written while the person has a device subscribed
 * and the switch on is marked push_pending in the same statement (notificationInsertSql); after
 * commit its `notification.created` event reaches every process, each calls flush(), and claiming
 * rows with UPDATE ... RETURNING makes exactly one of them send it. Nothing here runs inside the
 * notification's transaction, and every request has a timeout, so a failing push service can only
 * lose a push, never a notification.
 */
export function createNotificationPusher(opts: {
  db: Db;
  bus: Bus;
  logger: Logger;
  keys: VapidKeys;
  subject: string;
  policy: PushEndpointPolicy;
  /** Who has a realtime connection open on any process: they see the notification live instead. */
  onlineAmong(ids: string[]): Promise<Set<string>>;
  timeoutMs?: number;
  /** A fallback sweep for events missed (a process restarting); 0: none. */
  intervalMs?: number;
}) {
  const { db, logger } = opts;
  let running: Promise<number> | null = null;
  let again = false;

  async function sendDue(): Promise<number> {
    const claimed = await db.execute<{
      id: string;
      user_id: string;
      title: string;
      message: string;
      link: string | null;
    }>(sql`update notifications set push_pending = false
      where id in (select id from notifications where push_pending and not read order by updated_at limit 100 for update skip locked)
      returning id, user_id, title, message, link`);
    // Read meanwhile: nothing to tell. The claim above skipped those; clear their flag too.
    await db
      .update(notifications)
      .set({ pushPending: false })
      .where(and(eq(notifications.pushPending, true), eq(notifications.read, true)));
    const rows = claimed.rows;
    if (!rows.length) return 0;
    const userIds = [...new Set(rows.map((r) => r.user_id))];
    const online = await opts.onlineAmong(userIds);
    const offline = userIds.filter((id) => !online.has(id));
    if (!offline.length) return 0;
    // The switch may have been turned off since these were written.
    const off = await db
      .select({ userId: userSettings.userId })
      .from(userSettings)
      .where(and(inArray(userSettings.userId, offline), eq(userSettings.pushNotifications, false)));
    const offSet = new Set(off.map((r) => r.userId));
    const targets = offline.filter((id) => !offSet.has(id));
    if (!targets.length) return 0;
    const devices = await db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, targets));
    let sent = 0;
    const jobs: Promise<void>[] = [];
    for (const n of rows) {
      if (!targets.includes(n.user_id)) continue;
      const payload: PushPayload = {
        title: clip(n.title),
        body: clip(n.message),
        link: n.link ?? '/notifications',
      };
      for (const device of devices.filter((d) => d.userId === n.user_id)) {
        jobs.push(
          (async () => {
            const result = await sendPush({
              subscription: device,
              payload: JSON.stringify(payload),
              keys: opts.keys,
              subject: opts.subject,
              policy: opts.policy,
              timeoutMs: opts.timeoutMs ?? 10_000,
            });
            if ('status' in result && result.status >= 200 && result.status < 300) sent++;
            else if ('status' in result && (result.status === 404 || result.status === 410))
              // The browser unsubscribed or the subscription expired: it will never work again.
              await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
            else
              logger.warn(
                {
                  status: 'status' in result ? result.status : undefined,
                  error: 'error' in result ? result.error : undefined,
                },
                'web push not delivered',
              );
          })(),
        );
      }
    }
    await Promise.allSettled(jobs);
    return sent;
  }

  /** Sends what is due now; a call during a run makes one more run after it. Returns pushes sent. */
  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await sendDue().catch((err: unknown) => {
          logger.warn({ err }, 'web push run failed');
          return 0;
        });
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  // The process that wrote the notification sends its push: every process running the claim for
  // every notification written anywhere was a statement or two per process per notification. A
  // publisher that stops first leaves it to the next run (the interval) of any process.
  const unsubscribe = opts.bus.subscribe((envelope, remote) => {
    if (envelope.event.type === 'notification.created' && !remote) void flush();
  });
  const timer = opts.intervalMs ? setInterval(() => void flush(), opts.intervalMs) : null;
  timer?.unref();
  return {
    flush,
    /** Resolves once no run is in progress (tests wait for a push that should not happen). */
    async idle() {
      while (running) await running;
    },
    async close() {
      unsubscribe();
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type NotificationPusher = ReturnType<typeof createNotificationPusher>;
