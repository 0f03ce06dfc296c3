import {
  MESSAGING,
  MESSAGING_MSG,
  previewText,
  type ConversationPage,
  type ThreadPage,
} from '@common/messages/model';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { conversations, messages, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { actorColumns } from '../notifications';
import { blockedSince, blockedSinceSql, onlineShown, receiptHidden, withReceiptShown } from './block-shield';
import { fromRaw, toMessage, toPerson, type MessagingDeps, type RawMessage } from './message-rows';

/*
 * Reading messages: one message (for its sender or receiver only), a page of the thread with one
 * partner, newest first, and the viewer's conversation list, most recent first, filtered by the
 * partner's name or the kind of message. Who is online comes with each partner; across a block
 * neither presence nor the reading of one's messages shows (block-shield.ts).
 */

/** One message, only for its sender or receiver; anyone else gets "not found". */
export async function getMessage(db: Db, viewerId: string, id: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), or(eq(messages.senderId, viewerId), eq(messages.receiverId, viewerId))));
  if (!row) throw new AppError('NOT_FOUND', 'Message not found.');
  const message = toMessage(row);
  if (row.senderId !== viewerId || !row.read) return message;
  const blocked = await blockedSince(db, viewerId, [row.receiverId]);
  return withReceiptShown(message, viewerId, blocked.get(row.receiverId));
}

/** A row of the thread's one statement: the partner, when a block began, and a message (or none). */
type ThreadRow = Omit<RawMessage, 'id'> & {
  partner_id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  blocked_since: string | null;
  id: string | null;
};

/**
 * A page of the thread between the viewer and a partner: newest first, older pages by cursor. The
 * partner, the block between them (its earliest start) and the page are one statement: the
 * partner's profile row, joined to the page's messages (none: one row without a message); no
 * profile, no row. Who is online is asked beside it.
 */
export async function getThread(
  deps: MessagingDeps,
  viewerId: string,
  partnerId: string,
  page: { cursor?: string; limit?: number },
): Promise<ThreadPage> {
  const { db } = deps;
  const limit = Math.min(page.limit ?? MESSAGING.threadPageSize, MESSAGING.threadPageMax);
  const [lo, hi] = viewerId < partnerId ? [viewerId, partnerId] : [partnerId, viewerId];
  const { cursor } = page;
  // The cursor is a message id of this same thread: the page continues from its (created_at, id).
  const before = cursor
    ? sql`and (m.created_at, m.id) < (select c.created_at, c.id from messages c where c.id = ${cursor} and c.user_lo = ${lo} and c.user_hi = ${hi})`
    : sql``;
  const [rows, online] = await Promise.all([
    queryRows<ThreadRow>(
      db,
      sql`select pr.id::text as partner_id, pr.username, pr.full_name, pr.avatar_url,
          ${blockedSinceSql(viewerId, sql`pr.id`)} as blocked_since,
          m.id::text as id, m.client_id::text as client_id, m.sender_id::text as sender_id,
          m.receiver_id::text as receiver_id, m.user_lo::text as user_lo, m.user_hi::text as user_hi,
          m.content, m.read, m.read_at, m.created_at, m.inquiry_kind, m.inquiry_id::text as inquiry_id,
          m.metadata
        from profiles pr left join lateral (
          select * from messages m where m.user_lo = ${lo} and m.user_hi = ${hi} ${before}
          order by m.created_at desc, m.id desc limit ${limit + 1}) m on true
        where pr.id = ${partnerId}
        order by m.created_at desc, m.id desc`,
    ),
    deps.onlineAmong([partnerId]),
  ]);
  const first = rows[0];
  if (!first) throw new AppError('NOT_FOUND', MESSAGING_MSG.recipientNotFound);
  const since = first.blocked_since ? new Date(first.blocked_since) : undefined;
  // Nobody is shown online across a block (block-shield.ts).
  if (since) online.delete(partnerId);
  const messages = rows.filter((r) => r.id !== null).map((r) => fromRaw({ ...r, id: r.id! }));
  const items = messages.slice(0, limit).map((m) => withReceiptShown(toMessage(m), viewerId, since));
  const partner = {
    id: first.partner_id,
    username: first.username,
    fullName: first.full_name,
    avatarUrl: first.avatar_url,
  };
  return {
    partner: toPerson(partner, partnerId, online),
    items,
    nextCursor: messages.length > limit ? items.at(-1)!.id : null,
  };
}

/** The viewer's conversations, most recent first, optionally filtered by the partner's name. */
export async function listConversations(
  deps: MessagingDeps,
  viewerId: string,
  page: { cursor?: string; limit?: number; q?: string },
): Promise<ConversationPage> {
  const { db } = deps;
  const limit = Math.min(page.limit ?? MESSAGING.conversationPageSize, 100);
  const { cursor } = page;
  const q = page.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const rows = await db
    .select({
      partnerId: conversations.partnerId,
      unreadCount: conversations.unreadCount,
      lastMessageAt: conversations.lastMessageAt,
      message: messages,
      partner: actorColumns,
      // Read with the row (not a statement of its own): the block between them, if one stands.
      blockedSince: sql<string | Date | null>`${blockedSinceSql(viewerId, sql`${conversations.partnerId}`)}`,
    })
    .from(conversations)
    .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
    .leftJoin(profiles, eq(profiles.id, conversations.partnerId))
    .where(
      and(
        eq(conversations.ownerId, viewerId),
        cursor
          ? sql`(${conversations.lastMessageAt}, ${conversations.partnerId}) < (select c.last_message_at, c.partner_id from conversations c where c.owner_id = ${viewerId} and c.partner_id = ${cursor})`
          : undefined,
        pattern
          ? or(sql`${profiles.username} ilike ${pattern}`, sql`${profiles.fullName} ilike ${pattern}`)
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.partnerId))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const blocked = new Map<string, Date>();
  for (const r of shown) if (r.blockedSince !== null) blocked.set(r.partnerId, new Date(r.blockedSince));
  const online = await onlineShown(
    deps,
    shown.map((r) => r.partnerId),
    blocked,
  );
  return {
    items: shown.map((r) => ({
      partner: toPerson(r.partner, r.partnerId, online),
      lastMessage: {
        id: r.message.id,
        senderId: r.message.senderId,
        preview: previewText(r.message.content),
        createdAt: r.message.createdAt.toISOString(),
        read: r.message.read && !receiptHidden(r.message, viewerId, blocked.get(r.partnerId)),
        isInquiry: r.message.inquiryKind !== null,
      },
      unreadCount: r.unreadCount,
    })),
    nextCursor: rows.length > limit ? shown.at(-1)!.partnerId : null,
  };
}
