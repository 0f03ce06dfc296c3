import type { NotificationsMarkedRead } from '@common/notifications/responses';
import type {
  Notification,
  NotificationActor,
  NotificationPage,
  NotificationType,
} from '@common/notifications/model';
import { and, desc, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedFor, type Db } from '../../db/client';
import { notifications, profiles } from '../../db/schema';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Bus, Envelope } from '../../platform/bus';
import { isNotificationType } from '../../platform/notification-types';
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
  /**
   * false for news that is new content each time (an idea's next update): never folded into an
   * unread notification about the same subject (see FOLD_WINDOW_S).
   */
  fold?: boolean;
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

/**
 * The signed-in viewer as the actor of a notification they cause, from what their session carries
 * (Viewer.card: their profile's display fields, read with the session and forgotten when the
 * profile changes); undefined when the session carries none (the caller then reads the profile).
 */
export function actorOfViewer(viewer: Viewer): NotificationActor | undefined {
  const card = viewer.card;
  return card
    ? { id: viewer.id, username: card.username, fullName: card.fullName, avatarUrl: card.avatarUrl }
    : undefined;
}

/** A notification's actor (NotificationActor) as profile columns; other areas select people with it too. */
export const actorColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
};

/** A notifications row as a raw statement returns it (snake_case; JSON gives timestamps as text). */
export type RawNotification = {
  id: string;
  type: string;
  title: string;
  message: string;
  read: boolean;
  link: string | null;
  related_id: string | null;
  data: Record<string, unknown>;
  actor_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const fromRaw = (r: RawNotification): Row =>
  ({
    id: r.id,
    type: r.type,
    title: r.title,
    message: r.message,
    read: r.read,
    link: r.link,
    relatedId: r.related_id,
    data: r.data,
    actorId: r.actor_id,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  }) as Row;

/**
 * How long repeated notifications about one thing fold into one: the same person told of the same
 * kind of thing by the same actor about the same subject (its related id and link), while the
 * first is unread and younger than this. Someone switching their answer to an event sixty times
 * gives the organizer one notification that says the latest answer, not sixty, and the fold is
 * neither pushed nor sent live again (the bell shows it as it is at the next look).
 */
export const FOLD_WINDOW_S = 60 * 60;

/**
 * The statement createNotification runs, for a caller that makes it part of its own statement (a
 * data-modifying CTE, one round trip for the change and its notification): `insert ... returning *`,
 * one notification per row of `from` when given (then `relatedId` may name its columns, e.g. the
 * id of the row the same statement inserted). The caller skips it when the actor is the person
 * (notifyingSelf), and turns the returned row into the notification with notificationFromRow.
 */
export function notificationInsertSql(
  input: Omit<NewNotification, 'relatedId' | 'actor'> & { relatedId: SQL | string | null },
  from?: SQL,
): SQL {
  // The registry stands where the table's check constraint stood: a type no area registered is a bug.
  if (!isNotificationType(input.type)) throw new Error(`Notification type '${input.type}' is not registered`);
  const relatedId =
    input.relatedId === null || typeof input.relatedId === 'string'
      ? sql`${input.relatedId}::uuid`
      : input.relatedId;
  // Mail follows the person's setting (default on); the batched mailer picks these up later.
  const emailPending = sql`not exists (select 1 from user_settings s where s.user_id = ${input.userId}::uuid and not s.email_notifications)`;
  // A push waits only for someone with a device subscribed and the push switch on (default on).
  const pushPending = sql`exists (select 1 from push_subscriptions p where p.user_id = ${input.userId}::uuid) and not exists (select 1 from user_settings s where s.user_id = ${input.userId}::uuid and not s.push_notifications)`;
  const insert = sql`insert into notifications (user_id, actor_id, type, title, message, link, related_id, data, group_key, email_pending, push_pending)
    select ${input.userId}::uuid, ${input.actorId ?? null}::uuid, ${input.type}::text, ${input.title}::text,
           ${input.message}::text, ${input.link ?? null}::text, ${relatedId}, ${JSON.stringify(input.data ?? {})}::jsonb,
           ${input.groupKey ?? null}::text, ${emailPending}, ${pushPending}${from ? sql` from ${from}` : sql``}`;
  // Without a key, a repeat of an unread one (same actor, kind and subject, within FOLD_WINDOW_S)
  // updates it instead and the statement returns no row: nothing new to announce.
  if (!input.groupKey && input.actorId && !from && input.fold !== false) {
    const link = input.link ?? null;
    return sql`with folded as (
        update notifications n set title = ${input.title}::text, message = ${input.message}::text,
          data = ${JSON.stringify(input.data ?? {})}::jsonb, updated_at = now()
        where n.id = (select o.id from notifications o
          where o.user_id = ${input.userId}::uuid and o.actor_id = ${input.actorId}::uuid
            and o.type = ${input.type}::text and o.related_id is not distinct from ${relatedId}
            and o.link is not distinct from ${link}::text and o.group_key is null and not o.read
            and o.created_at > now() - make_interval(secs => ${FOLD_WINDOW_S})
          order by o.created_at desc limit 1)
        returning n.id)
      ${insert} where not exists (select 1 from folded) returning *`;
  }
  // Folds into the person's one unread notification with this key, brought to the top. A fold is
  // always dated after its row was created, at least by a millisecond (the precision the page reads):
  // the page tells a fold from a new row by that (createdAt equal to updatedAt is new), and two
  // writes within one millisecond, or in one transaction, share their now().
  const fold = input.groupKey
    ? sql` on conflict (user_id, group_key) where not read and group_key is not null do update set
        title = excluded.title, message = excluded.message, link = excluded.link,
        related_id = excluded.related_id, data = excluded.data, actor_id = excluded.actor_id,
        updated_at = greatest(now(), notifications.created_at + interval '1 millisecond'),
        email_pending = excluded.email_pending, push_pending = excluded.push_pending`
    : sql``;
  return sql`${insert}${fold} returning *`;
}

/** Nobody is notified of their own actions. */
export const notifyingSelf = (input: Pick<NewNotification, 'actorId' | 'userId'>) =>
  !!input.actorId && input.actorId === input.userId;

/** The notification a row of notificationInsertSql answers, with its actor (null: none). */
export function notificationFromRow(raw: RawNotification, actor: NotificationActor | null): Notification {
  return toNotification(fromRaw(raw), actor);
}

/**
 * The one way any area creates a notification. Call it inside the transaction that makes the change,
 * then publish the returned envelope after commit (notificationEnvelope). Returns null when there
 * is nobody to tell (one's own action) or nothing new to tell (a repeat folded into the unread
 * notification it repeats: see FOLD_WINDOW_S).
 */
export async function createNotification(tx: Tx, input: NewNotification): Promise<Notification | null> {
  if (notifyingSelf(input)) return null;
  const { rows } = await tx.execute<RawNotification>(
    notificationInsertSql({ ...input, relatedId: input.relatedId ?? null }),
  );
  const row = rows[0] && fromRaw(rows[0]);
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
  const rows = after
    ? await pageQuery(db, viewerId, after, limit + 1)
    : await firstPage(db).execute({ viewerId, limit: limit + 1 });
  const items = rows.slice(0, limit).map((r) => toNotification(r.n, r.actor));
  return {
    items,
    nextCursor: rows.length > limit ? items.at(-1)!.id : null,
    // No row on a first page: the person has no notification, so none is unread.
    unreadCount: rows.length ? Number(rows[0]!.unread) : after ? await countUnread(db, viewerId) : 0,
  };
}

/** A page of notifications, newest first, each row with the unread count. */
function pageQuery<V extends string | Placeholder, L extends number | Placeholder>(
  db: Db,
  viewerId: V,
  after: SQL | undefined,
  limit: L,
) {
  // The unread count rides on the page's rows (one statement; PostgreSQL counts once for all rows).
  const unread = db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(unreadOf(viewerId));
  return db
    .select({ n: notifications, actor: actorColumns, unread: sql<number>`(${unread})` })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.id, notifications.actorId))
    .where(and(eq(notifications.userId, viewerId), after))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}
/** The first page, prepared once (every page load asks it, and every notification refetches it). */
const firstPage = preparedFor((db: Db) =>
  pageQuery(db, sql.placeholder('viewerId'), undefined, sql.placeholder('limit')).prepare(
    'notifications_first_page',
  ),
);

/** A person's notifications that count on the bell. */
function unreadOf(viewerId: string | Placeholder) {
  return and(
    eq(notifications.userId, viewerId),
    eq(notifications.read, false),
    // Direct messages raise the messages badge only (countsOnBell).
    ne(notifications.type, 'message'),
  );
}

export async function countUnread(db: Db, viewerId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(unreadOf(viewerId));
  return row?.n ?? 0;
}

/** Mark one of the viewer's notifications read; someone else's is "not found". */
export async function markNotificationRead(
  deps: { db: Db; bus: Bus },
  viewerId: string,
  id: string,
): Promise<NotificationsMarkedRead> {
  const updated = await deps.db
    .update(notifications)
    .set({ read: true, emailPending: false })
    .where(and(eq(notifications.id, id), eq(notifications.userId, viewerId)))
    .returning({ id: notifications.id });
  if (!updated.length) throw new AppError('NOT_FOUND', 'Notification not found.');
  deps.bus.publish({ to: [viewerId], event: { type: 'notification.read', ids: [id] } });
  return { updated: 1 };
}

export async function markAllNotificationsRead(
  deps: { db: Db; bus: Bus },
  viewerId: string,
): Promise<NotificationsMarkedRead> {
  const rows = await deps.db
    .update(notifications)
    .set({ read: true, emailPending: false })
    .where(and(eq(notifications.userId, viewerId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (rows.length) deps.bus.publish({ to: [viewerId], event: { type: 'notification.read', ids: 'all' } });
  return { updated: rows.length };
}

/**
 * The statement that marks read the person's open notification with this key (`returning id`), for
 * a caller that makes it part of its own statement (a data-modifying CTE, as a thread marked read
 * does: one round trip for the change and its notification). `when` adds a condition, such as the
 * change having touched any row.
 */
export function groupReadSql(userId: string, groupKey: string, when?: SQL): SQL {
  return sql`update notifications set read = true, email_pending = false
    where user_id = ${userId}::uuid and group_key = ${groupKey}::text and not read${when ? sql` and ${when}` : sql``}
    returning id`;
}

/** Mark read, inside another change's transaction, the viewer's open notification with this key. */
export async function markGroupRead(tx: Tx, userId: string, groupKey: string) {
  const { rows } = await tx.execute<{ id: string }>(groupReadSql(userId, groupKey));
  return rows.map((r) => r.id);
}
