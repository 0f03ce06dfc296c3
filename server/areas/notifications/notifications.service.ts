import type {
  Notification,
  NotificationActor,
  NotificationPage,
  NotificationType,
} from '@common/notifications/model';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Bus, Envelope } from '../../platform/bus';
import { type Tx } from '../../db/rules';

/** Anything that runs queries: the database or a transaction inside it. */

export type NewNotification = {
  userId: string;
  /** Who caused it; nobody is notified of their own actions. */
  actorId?: string | null;
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
  relatedId?: string | null;
  data?: Record<string, unknown>;
  /**
   * Notifications with the same key fold into the person's one unread notification with that key
   * (a burst of messages or reactions gives one notification, brought to the top).
   */
  groupKey?: string | null;
  /** The actor's profile when the caller has it already (saves a query). */
  actor?: NotificationActor;
};

type Row = typeof notifications.$inferSelect;
type ActorRow = { id: string; username: string; fullName: string | null; avatarUrl: string | null } | null;

function toNotification(row: Row, actor: ActorRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    read: row.read,
    link: row.link,
    relatedId: row.relatedId,
    data: row.data,
    actor: actor?.id ? (actor satisfies NotificationActor) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A notification's actor (NotificationActor) as profile columns; other areas select people with it too. */
export const actorColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
};

/**
 * The one way any area creates a notification. Call it inside the transaction that makes the change,
 * then publish the returned envelope after commit (notificationEnvelope). Returns null when there
 * is nobody to tell (one's own action).
 */
export async function createNotification(tx: Tx, input: NewNotification): Promise<Notification | null> {
  if (input.actorId && input.actorId === input.userId) return null;
  // Mail follows the person's setting (default on); the batched mailer picks these up later.
  const emailPending = sql`not exists (select 1 from user_settings s where s.user_id = ${input.userId} and not s.email_notifications)`;
  const values = {
    userId: input.userId,
    actorId: input.actorId ?? null,
    type: input.type,
    title: input.title,
    message: input.message,
    link: input.link ?? null,
    relatedId: input.relatedId ?? null,
    data: input.data ?? {},
    groupKey: input.groupKey ?? null,
    emailPending,
  };
  const insert = tx.insert(notifications).values(values);
  const [row] = await (
    input.groupKey
      ? insert.onConflictDoUpdate({
          target: [notifications.userId, notifications.groupKey],
          targetWhere: sql`not ${notifications.read} and ${notifications.groupKey} is not null`,
          set: {
            title: values.title,
            message: values.message,
            link: values.link,
            relatedId: values.relatedId,
            data: values.data,
            actorId: values.actorId,
            updatedAt: sql`now()`,
            emailPending,
          },
        })
      : insert
  ).returning();
  if (!row) return null;
  const [actor] = !row.actorId
    ? []
    : input.actor?.id === row.actorId
      ? [input.actor]
      : await tx.select(actorColumns).from(profiles).where(eq(profiles.id, row.actorId));
  return toNotification(row, actor ?? null);
}

/** What to publish once the transaction has committed. */
export function notificationEnvelope(userId: string, n: Notification): Envelope {
  return { to: [userId], event: { type: 'notification.created', notification: n } };
}

/** Create one notification outside any other transaction and publish it. */
export async function notify(deps: { db: Db; bus: Bus }, input: NewNotification) {
  const n = await createNotification(deps.db, input);
  if (n) deps.bus.publish(notificationEnvelope(input.userId, n));
  return n;
}

export async function listNotifications(
  db: Db,
  viewerId: string,
  page: { cursor?: string; limit?: number },
): Promise<NotificationPage> {
  const limit = Math.min(page.limit ?? 20, 50);
  const after = page.cursor
    ? sql`(${notifications.updatedAt}, ${notifications.id}) < (select n.updated_at, n.id from notifications n where n.id = ${page.cursor} and n.user_id = ${viewerId})`
    : undefined;
  const rows = await db
    .select({ n: notifications, actor: actorColumns })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.id, notifications.actorId))
    .where(and(eq(notifications.userId, viewerId), after))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((r) => toNotification(r.n, r.actor));
  return {
    items,
    nextCursor: rows.length > limit ? items.at(-1)!.id : null,
    unreadCount: await countUnread(db, viewerId),
  };
}

export async function countUnread(db: Db, viewerId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, viewerId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

/** Mark one of the viewer's notifications read; someone else's is "not found". */
export async function markNotificationRead(deps: { db: Db; bus: Bus }, viewerId: string, id: string) {
  const updated = await deps.db
    .update(notifications)
    .set({ read: true, emailPending: false })
    .where(and(eq(notifications.id, id), eq(notifications.userId, viewerId)))
    .returning({ id: notifications.id });
  if (!updated.length) throw new AppError('NOT_FOUND', 'Notification not found.');
  deps.bus.publish({ to: [viewerId], event: { type: 'notification.read', ids: [id] } });
  return { updated: 1 };
}

export async function markAllNotificationsRead(deps: { db: Db; bus: Bus }, viewerId: string) {
  const rows = await deps.db
    .update(notifications)
    .set({ read: true, emailPending: false })
    .where(and(eq(notifications.userId, viewerId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (rows.length) deps.bus.publish({ to: [viewerId], event: { type: 'notification.read', ids: 'all' } });
  return { updated: rows.length };
}

/** Mark read, inside another change's transaction, the viewer's open notification with this key. */
export async function markGroupRead(tx: Tx, userId: string, groupKey: string) {
  const rows = await tx
    .update(notifications)
    .set({ read: true, emailPending: false })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.groupKey, groupKey),
        eq(notifications.read, false),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}
