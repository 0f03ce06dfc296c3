import type { UnreadCounts } from '@common/messages/model';
import type { MessagesMarkedRead } from '@common/messages/responses';
import { and, eq, sql } from 'drizzle-orm';
import { statementOnce, type Db } from '../../db/client';
import { isBlockedEither, notBlockedWith } from '../../db/rules';
import { conversations, messages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Bus, Envelope } from '../../platform/bus';
import { groupReadSql } from '../notifications';
import type { MessagingDeps } from './message-rows';

/*
 * Read receipts and unread counts: the viewer's unread messages and inquiries, marking a whole
 * thread read (with the conversation's count and the partner's message notification) or one
 * message, and the message.read event both people's open chats hear once it is committed (the
 * sender's only while neither blocks the other).
 */

/** Written once: every page load and every message a member gets asks it. */
const unreadOf = statementOnce<{ viewerId: string }, { messages: number; inquiries: number }>(
  ({ viewerId }) => sql`
    select
      (select coalesce(sum(unread_count), 0)::int from conversations where owner_id = ${viewerId}) as messages,
      (select count(*)::int from messages where receiver_id = ${viewerId} and not read and inquiry_kind is not null) as inquiries
  `,
);

export async function countUnreadMessages(db: Db, viewerId: string): Promise<UnreadCounts> {
  const [row] = await unreadOf(db, { viewerId });
  return { messages: row?.messages ?? 0, inquiries: row?.inquiries ?? 0 };
}

/**
 * Marking a thread read, in one statement: the chat is open (its partner's messages make no
 * notification for a while, issue 21); every message the partner sent the viewer is read (across a
 * block without a time, so the sender never sees it); and when any was, the conversation's unread
 * count is zero and the "New Message" notification from that partner is read too. Atomic without a
 * transaction, and one round trip where it took five to seven, each holding a pool connection
 * while the main thread served others (docs/scaling.md, eighth round).
 */
const threadRead = statementOnce<
  { viewerId: string; partnerId: string; groupKey: string },
  { id: string | null; created_at: string | null; read_at: string | null; notifications: string[] }
>(
  ({ viewerId, partnerId, groupKey }) => sql`
    with r as (
      update messages set read = true,
        read_at = case when ${notBlockedWith(viewerId, sql`${partnerId}::uuid`)} then now() end
      where receiver_id = ${viewerId} and sender_id = ${partnerId} and not read
      returning id, created_at, read_at
    ), c as (
      update conversations set viewed_at = now(),
        unread_count = case when exists (select 1 from r) then 0 else unread_count end
      where owner_id = ${viewerId} and partner_id = ${partnerId}
      returning 1
    ), n as (${groupReadSql(viewerId, groupKey, sql`exists (select 1 from r)`)})
    select r.id, r.created_at, r.read_at,
      array(select n.id from n) as notifications
    from (select 1) one left join r on true
  `,
);

/**
 * The viewer opened the thread: every message the partner sent them is read, the conversation's
 * unread count is zero, and the "New Message" notification from that partner is read too.
 */
export async function markThreadRead(
  deps: MessagingDeps,
  viewerId: string,
  partnerId: string,
): Promise<MessagesMarkedRead> {
  const answer = await threadRead(deps.db, { viewerId, partnerId, groupKey: `message:${partnerId}` });
  const rows = answer
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      createdAt: new Date(r.created_at!),
      readAt: r.read_at === null ? null : new Date(r.read_at),
    }));
  if (!rows.length) return { updated: 0 };
  publishRead(deps.bus, viewerId, partnerId, rows, answer[0]!.notifications);
  return { updated: rows.length };
}

/** Mark one received message read (the receiver only). */
export async function markMessageRead(
  deps: MessagingDeps,
  viewerId: string,
  id: string,
): Promise<MessagesMarkedRead> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: messages.id, senderId: messages.senderId, read: messages.read })
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.receiverId, viewerId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'Message not found.');
    if (row.read) return null;
    const hidden = await isBlockedEither(tx, viewerId, row.senderId);
    const [updated] = await tx
      .update(messages)
      .set({ read: true, readAt: hidden ? null : sql`now()` })
      .where(eq(messages.id, id))
      .returning({ id: messages.id, createdAt: messages.createdAt, readAt: messages.readAt });
    await tx
      .update(conversations)
      .set({ unreadCount: sql`greatest(${conversations.unreadCount} - 1, 0)` })
      .where(and(eq(conversations.ownerId, viewerId), eq(conversations.partnerId, row.senderId)));
    return { senderId: row.senderId, rows: [updated!] };
  });
  if (result) publishRead(deps.bus, viewerId, result.senderId, result.rows, []);
  return { updated: result ? 1 : 0 };
}

function publishRead(
  bus: Bus,
  readerId: string,
  partnerId: string,
  rows: { id: string; createdAt: Date; readAt: Date | null }[],
  notificationIds: string[],
) {
  const upTo = rows.reduce((max, r) => (r.createdAt > max ? r.createdAt : max), rows[0]!.createdAt);
  // Ids only for a small batch (the NOTIFY payload is small); the time covers the rest. Across a
  // block the partner is not told (a block hides receipts both ways); the reader's own tabs are.
  const envelopes: Envelope[] = [
    {
      to: [readerId, partnerId],
      hideFromBlockedWith: readerId,
      event: {
        type: 'message.read',
        readerId,
        partnerId,
        readAt: upTo.toISOString(),
        messageIds: rows.length <= 40 ? rows.map((r) => r.id) : [],
      },
    },
  ];
  if (notificationIds.length)
    envelopes.push({ to: [readerId], event: { type: 'notification.read', ids: notificationIds } });
  bus.publish(...envelopes);
}
